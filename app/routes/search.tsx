import type { Route } from "./+types/search";
import { loadSearchPage } from "./search.server";
import { seoMeta } from "~/app/components/content/seo";
import { itemListJsonLd } from "~/app/components/search/item-list-json-ld";
import { SearchPage } from "~/app/components/search/search-page";
import { unpackCard } from "~/app/components/vehicle-card/card-vehicle";
import { originOfMatches, siteOfMatches } from "~/app/lib/site";

// Every stock search URL (docs/product/search-and-urls.md, "Search URL rules"): /search and its
// variants, /pre-owned, /find/rental-cars, facet paths, /search/{dealership or location slug}.
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadSearchPage(context, request);
}

export function meta({ data, matches }: Route.MetaArgs) {
  const site = siteOfMatches(matches);
  if (!data || !site) return seoMeta(data?.seo, matches);
  return [
    ...seoMeta(data.seo, matches),
    {
      "script:ld+json": itemListJsonLd(
        site,
        originOfMatches(matches),
        data.cards.map(unpackCard),
        data.offset,
        data.heading,
      ),
    },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage data={loaderData} />;
}
