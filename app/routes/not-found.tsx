import { siteOfMatches } from "~/app/lib/site";
import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundPage } from "~/app/components/site/not-found-page";
import { GaragePage } from "~/app/components/garage/garage-page";
import { garageLoader, isSiteGaragePath } from "./garage.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  // A site's own garage path (setting garage.path) and its /saved sub-path.
  if (isSiteGaragePath(context.site, request)) return garageLoader(context, request);
  // A real 404 status, so crawlers drop the URL; the page itself offers the site's search.
  throw data(null, { status: 404 });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const parent = matches.flatMap((match) => match?.meta ?? []);
  if (!loaderData) return parent;
  const site = siteOfMatches(matches);
  return [{ title: `My garage | ${site?.name ?? ""}` }, { name: "robots", content: "noindex" }];
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return loaderData ? <GaragePage data={loaderData} /> : <NotFoundPage />;
}
