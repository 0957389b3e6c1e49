import type { Route } from "./+types/current-positions";
import { listArticles, loadContentPage } from "~/server/content/pages";
import { PageHeader } from "~/app/components/content/page-header";
import { RichText } from "~/app/components/content/rich-text";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";

/** /current-positions: the dealer's open roles (content pages of kind 'position'). */
export async function loader({ context }: Route.LoaderArgs) {
  const [page, positions] = await Promise.all([
    loadContentPage(context, "current-positions"),
    listArticles(context, "position"),
  ]);
  const title = page?.title ?? "Current Positions";
  return {
    title,
    intro: page?.body ?? "",
    positions,
    seo: seoFor(
      context.origin,
      "/current-positions",
      title,
      page?.metaDescription ?? `Jobs at ${context.site.name}.`,
    ),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return seoMeta(data?.seo, matches);
}

export default function CurrentPositions({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const t = useTemplate();
  const careersUrl = site.settings.careersUrl;
  return (
    <>
      <PageHeader title={loaderData.title} crumbs={[{ name: "Careers", href: "/careers" }]} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <RichText html={loaderData.intro} />
        {loaderData.positions.length === 0 ? (
          <p className="mt-8 text-slate-800">
            There are no open positions right now.{" "}
            {careersUrl ? (
              <SiteLink href={careersUrl} className="font-semibold text-brand underline">
                Register your interest on our careers site
              </SiteLink>
            ) : (
              <SiteLink href="/careers" className="font-semibold text-brand underline">
                Tell us about yourself
              </SiteLink>
            )}
            .
          </p>
        ) : (
          <ul className="mt-8 space-y-4">
            {loaderData.positions.map((position) => (
              <li key={position.slug} className="rounded-site border border-slate-200 bg-white p-5">
                <h2 className={cn("text-xl", t.heading)}>{position.title}</h2>
                <p className="mt-2 text-slate-800">{position.excerpt}</p>
                <p className="mt-4 flex flex-wrap gap-3">
                  <SiteLink
                    href="/careers"
                    className={cn("inline-flex px-4 py-2 text-sm font-semibold", t.button)}
                  >
                    Apply now<span className="sr-only">: {position.title}</span>
                  </SiteLink>
                  {careersUrl && (
                    <SiteLink
                      href={careersUrl}
                      className={cn("inline-flex px-4 py-2 text-sm font-semibold", t.buttonOutline)}
                    >
                      Our careers site
                    </SiteLink>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
