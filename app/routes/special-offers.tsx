import type { Route } from "./+types/special-offers";
import { pageCount } from "~/domain/search-query";
import { offerSearchFromUrl, searchOffers } from "~/server/content/offers";
import { PageHeader } from "~/app/components/content/page-header";
import { Pager } from "~/app/components/content/pager";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { OfferCard } from "~/app/components/offers/offer-card";
import { OfferFilters } from "~/app/components/offers/offer-filters";

/** Offers per page. */
const PAGE_SIZE = 12;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = offerSearchFromUrl(url, PAGE_SIZE);
  const results = await searchOffers(context, search, new Date());
  const filtered = Boolean(search.manufacturer || search.model || search.body || search.query);
  const title = search.manufacturer ? `${search.manufacturer} Special Offers` : "Special Offers";
  return {
    results,
    page: search.page,
    pages: pageCount(results.estimatedTotalHits, PAGE_SIZE),
    selected: {
      make: search.manufacturer ?? null,
      model: search.model ?? null,
      body: search.body ?? null,
      query: search.query ?? "",
    },
    title,
    params: url.searchParams.toString(),
    seo: seoFor(
      context.origin,
      search.page > 1 && !filtered ? `/special-offers?page=${search.page}` : "/special-offers",
      title,
      `The latest new and used vehicle offers, finance deals and service specials at ${context.site.name}.`,
      filtered,
    ),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return seoMeta(data?.seo, matches);
}

export default function SpecialOffers({ loaderData }: Route.ComponentProps) {
  const { results, selected, page, pages, title } = loaderData;
  const hrefFor = (n: number) => {
    const params = new URLSearchParams(loaderData.params);
    if (n > 1) params.set("page", String(n));
    else params.delete("page");
    const query = params.toString();
    return query ? `?${query}` : ".";
  };
  return (
    <>
      <PageHeader
        title={title}
        intro="Limited-time offers on new and used vehicles, finance and servicing."
      />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <OfferFilters key={loaderData.params} facets={results.facets} selected={selected} />
        <p className="mt-6 text-slate-700" role="status">
          {results.estimatedTotalHits === 1 ? "1 offer" : `${results.estimatedTotalHits} offers`}
        </p>
        {results.hits.length === 0 ? (
          <p className="mt-4 text-slate-800">
            No offers match these filters right now. Try another make or clear the filters.
          </p>
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {results.hits.map((offer) => (
              <li key={offer.slug}>
                <OfferCard offer={offer} />
              </li>
            ))}
          </ul>
        )}
        <Pager page={page} pageCount={pages} hrefFor={hrefFor} label="Offer pages" />
      </div>
    </>
  );
}
