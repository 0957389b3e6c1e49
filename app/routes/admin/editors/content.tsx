/** A site's locations, offers and content pages, each linking to its editor. */
import { useLoaderData } from "react-router";
import type { Route } from "./+types/content";
import { buttonClass } from "~/app/components/admin/form";
import { Saved, SiteEditorNav } from "~/app/components/admin/editors/site-editor-nav";
import { listLocations, listOffers, listPages } from "~/server/admin/editors/content-editors";
import { requireSiteEditor } from "~/server/admin/editors/editor-access";

export function meta() {
  return [{ title: "Locations, offers and pages · Back office" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { site, db, scope } = await requireSiteEditor(args, "content:write", "dealership");
  // A dealership's staff on a site it shares: their dealership's locations only; the site's
  // offers and pages are the group's.
  const wholeSite = scope.ownsSite(site.id);
  const [locations, offers, pages] = [
    (await listLocations(db, site.id)).filter((l) => scope.hasDealership(l.dealershipId)),
    wholeSite ? await listOffers(db, site.id) : [],
    wholeSite ? await listPages(db, site.id) : [],
  ];
  return {
    site,
    wholeSite,
    deleted: new URL(args.request.url).searchParams.has("deleted"),
    locations: locations.map((l) => ({
      id: l.id,
      name: l.name,
      visible: l.visible,
      position: l.position,
      city: l.address.city,
    })),
    offers: offers.map((o) => ({ id: o.id, name: o.name, expiresAt: o.expiresAt })),
    pages: pages.map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      kind: p.kind,
      published: p.publishedAt !== null,
    })),
  };
}

export default function Content() {
  const { site, wholeSite, locations, offers, pages, deleted } = useLoaderData<typeof loader>();
  const base = `/admin/content/${site.id}`;
  return (
    <>
      <SiteEditorNav site={site} title="Locations, offers and pages" />
      <Saved message={deleted ? "Deleted." : null} />
      <section aria-labelledby="locations-heading" className="mt-4">
        <h2 id="locations-heading" className="text-xl font-semibold">
          Locations
        </h2>
        <p className="mt-2">
          <a href={`${base}/locations/new`} className={buttonClass}>
            New location
          </a>
        </p>
        <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-300 bg-white">
          {locations.map((l) => (
            <li key={l.id} className="p-3">
              <a href={`${base}/locations/${l.id}`} className="text-blue-800 underline">
                {l.name}
              </a>
              <span className="text-sm text-slate-700">
                {" "}
                · {l.city} · order {l.position}
                {l.visible ? "" : " · hidden"}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {wholeSite ? null : (
        <p className="mt-8 max-w-2xl text-slate-700">
          The site&apos;s offers and pages are shared by every dealership on it: the group&apos;s
          admins edit them.
        </p>
      )}
      {wholeSite ? (
        <section aria-labelledby="offers-heading" className="mt-8">
          <h2 id="offers-heading" className="text-xl font-semibold">
            Offers
          </h2>
          <p className="mt-2">
            <a href={`${base}/offers/new`} className={buttonClass}>
              New offer
            </a>
          </p>
          {offers.length ? (
            <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-300 bg-white">
              {offers.map((o) => (
                <li key={o.id} className="p-3">
                  <a href={`${base}/offers/${o.id}`} className="text-blue-800 underline">
                    {o.name}
                  </a>
                  {o.expiresAt ? (
                    <span className="text-sm text-slate-700"> · until {o.expiresAt}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2">No offers yet.</p>
          )}
        </section>
      ) : null}
      {wholeSite ? (
        <section aria-labelledby="pages-heading" className="mt-8">
          <h2 id="pages-heading" className="text-xl font-semibold">
            Content pages
          </h2>
          <p className="mt-2">
            <a href={`${base}/pages/new`} className={buttonClass}>
              New page
            </a>
          </p>
          {pages.length ? (
            <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-300 bg-white">
              {pages.map((p) => (
                <li key={p.id} className="p-3">
                  <a href={`${base}/pages/${p.id}`} className="text-blue-800 underline">
                    {p.title}
                  </a>
                  <span className="text-sm text-slate-700">
                    {" "}
                    · {p.kind} · {p.slug}
                    {p.published ? "" : " · draft"}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2">
              No pages of the site's own yet: the site shows its default pages.
            </p>
          )}
        </section>
      ) : null}
    </>
  );
}
