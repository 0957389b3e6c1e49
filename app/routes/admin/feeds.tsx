/**
 * Vehicle ads feeds (docs/product/feeds.md, "Back office"): for each site within the reader's
 * reach, its feed addresses, when each was last fetched from this server, how many vehicles it
 * publishes and which it leaves out and why. Read-only.
 */
import { useLoaderData } from "react-router";
import type { Route } from "./+types/feeds";
import { StaffTime } from "~/app/components/admin/staff-time";
import type { FeedName } from "~/domain/vehicle-ads";
import { requireStaff } from "~/server/admin/staff-scope";
import { siteOriginFor } from "~/server/admin/editors/editor-access";
import { FEED_FILES, reportPath } from "~/server/feeds/feed-service";

export function meta() {
  return [{ title: "Feeds · Back office" }];
}

const TITLES: Record<(typeof FEED_FILES)[number]["name"], string> = {
  "google-vehicle-ads": "Google vehicle ads",
  "google-stores": "Google store data",
  "meta-vehicles": "Meta automotive catalogue",
};

export async function loader(args: Route.LoaderArgs) {
  const { scope, ctx } = await requireStaff(args, "stock:read");
  const feeds = args.context.feeds;
  const sites = await Promise.all(
    scope.sites().map(async (site) => {
      const origin = siteOriginFor(site, ctx);
      const files = await Promise.all(
        FEED_FILES.map(async (file) => {
          const fetched = feeds.lastFetched(site.id, file.name);
          const isVehicleFeed = file.name !== "google-stores";
          const report = isVehicleFeed
            ? await feeds.report(site, origin, file.name as FeedName)
            : null;
          // A dealership's staff see their own dealership's vehicles only.
          const leftOut = (report?.leftOut ?? []).filter(
            (v) => scope.dealershipIds === null || scope.dealershipIds.includes(v.dealershipId),
          );
          return {
            name: file.name,
            title: TITLES[file.name],
            path: file.path,
            url: `${origin}${file.path}`,
            reportUrl: isVehicleFeed ? `${origin}${reportPath(file.name as FeedName)}` : null,
            lastFetched: fetched?.toISOString() ?? null,
            published: report?.published ?? null,
            leftOut,
          };
        }),
      );
      return { id: site.id, name: site.name, origin, files };
    }),
  );
  return { sites };
}

export default function Feeds() {
  const { sites } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-2xl font-bold">Vehicle ads feeds</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Give these addresses to Google Merchant Center and Meta Commerce Manager. Each fetch is
        built from the stock the website lists at that moment; a vehicle without a valid VIN, a
        photo or a price the site may show, or that is sold, reserved or not in stock yet, stays
        out, with its reason below. Fetch times are those this server has seen since it started.
      </p>
      {sites.length === 0 ? <p className="mt-4">No sites within your reach.</p> : null}
      {sites.map((site) => (
        <section key={site.id} aria-labelledby={`feeds-${site.id}`} className="mt-6">
          <h2 id={`feeds-${site.id}`} className="text-xl font-semibold">
            {site.name}
          </h2>
          <p className="mt-1 break-all text-slate-700">On {site.origin}</p>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full border-collapse bg-white text-left text-sm">
              <caption className="sr-only">{`Feeds of ${site.name}`}</caption>
              <thead>
                <tr className="border-b border-slate-400">
                  <th scope="col" className="p-2">
                    Feed
                  </th>
                  <th scope="col" className="p-2">
                    Address
                  </th>
                  <th scope="col" className="p-2">
                    Last fetched
                  </th>
                  <th scope="col" className="p-2">
                    Published
                  </th>
                  <th scope="col" className="p-2">
                    Left out
                  </th>
                </tr>
              </thead>
              <tbody>
                {site.files.map((file) => (
                  <tr key={file.name} className="border-b border-slate-200 align-top">
                    <th scope="row" className="p-2 font-medium">
                      {file.title}
                    </th>
                    <td className="p-2 break-words">
                      <a href={file.url} className="text-blue-800 underline">
                        {file.path}
                      </a>
                      {file.reportUrl ? (
                        <div>
                          <a href={file.reportUrl} className="text-blue-800 underline">
                            Report (JSON)
                          </a>
                        </div>
                      ) : null}
                    </td>
                    <td className="p-2">
                      {file.lastFetched ? (
                        <StaffTime iso={file.lastFetched} siteId={site.id} />
                      ) : (
                        "Not yet"
                      )}
                    </td>
                    <td className="p-2">{file.published ?? "—"}</td>
                    <td className="p-2">{file.published === null ? "—" : file.leftOut.length}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {site.files
            .filter((file) => file.leftOut.length > 0)
            .map((file) => (
              <details key={file.name} className="mt-2">
                <summary className="cursor-pointer text-blue-800 underline">
                  {`${file.leftOut.length} left out of the ${file.title} feed`}
                </summary>
                <div className="mt-2 overflow-x-auto">
                  <table className="w-full border-collapse bg-white text-left text-sm">
                    <caption className="sr-only">
                      {`Vehicles left out of the ${file.title} feed of ${site.name}`}
                    </caption>
                    <thead>
                      <tr className="border-b border-slate-400">
                        <th scope="col" className="p-2">
                          Vehicle
                        </th>
                        <th scope="col" className="p-2">
                          Stock number
                        </th>
                        <th scope="col" className="p-2">
                          Reason
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {file.leftOut.map((v) => (
                        <tr key={v.id} className="border-b border-slate-200 align-top">
                          <td className="p-2">
                            <a
                              href={`/admin/stock/${site.id}/vehicles/${v.id}`}
                              className="text-blue-800 underline"
                            >
                              {v.name}
                            </a>
                          </td>
                          <td className="p-2">{v.stocknum ?? ""}</td>
                          <td className="p-2">{v.reason}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            ))}
        </section>
      ))}
    </>
  );
}
