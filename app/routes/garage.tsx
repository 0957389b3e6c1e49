/**
 * The garage, /my-garage?tab=saved-cars (and a site's own garage path, with its /saved
 * sub-path, through the not-found route): docs/product/garage.md.
 */
import { siteOfMatches } from "~/app/lib/site";
import type { Route } from "./+types/garage";
import { GaragePage } from "~/app/components/garage/garage-page";
import { garageAction, garageLoader } from "./garage.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  return garageLoader(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return garageAction(context, request);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteOfMatches(matches);
  return [{ title: `My garage | ${site?.name ?? ""}` }, { name: "robots", content: "noindex" }];
}

export default function Garage({ loaderData }: Route.ComponentProps) {
  return <GaragePage data={loaderData} />;
}
