import { useRouteLoaderData } from "react-router";
import type { Site } from "~/server/sites/site";
import { TEMPLATE_TOKENS } from "~/app/templates/templates";

export type { Site };

/** The current site, from the root loader (available in every route and component). */
export function useSite(): Site {
  const data = useRouteLoaderData("root") as { site: Site } | undefined;
  if (!data) throw new Error("useSite() outside a site page");
  return data.site;
}

export function useTemplate() {
  return TEMPLATE_TOKENS[useSite().template];
}
