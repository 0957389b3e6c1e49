import type { Route } from "./+types/parts-search";
import { pageCount } from "~/domain/search-query";
import { partSearchFromUrl, searchParts } from "~/server/content/parts";
import { PageHeader } from "~/app/components/content/page-header";
import { Pager } from "~/app/components/content/pager";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { PartCard } from "~/app/components/offers/part-card";
import { PartsSearchForm } from "~/app/components/offers/parts-search-form";
import { SiteLink } from "~/app/components/site/site-link";

const PAGE_SIZE = 24;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = partSearchFromUrl(url, PAGE_SIZE);
  const results = await searchParts(context, search);
  const filtered = Boolean(search.query || search.category);
  return {
    results,
    search,
    pages: pageCount(results.estimatedTotalHits, PAGE_SIZE),
    params: url.searchParams.toString(),
    seo: seoFor(
      context.origin,
      "/parts/search",
      "Parts Search",
      `Search genuine parts and accessories from ${context.site.name}.`,
      filtered || search.page > 1,
    ),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return seoMeta(data?.seo, matches);
}

export default function PartsSearch({ loaderData }: Route.ComponentProps) {
  const { results, search, pages } = loaderData;
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
        title="Parts Search"
        crumbs={[{ name: "Parts and Accessories", href: "/vehicle-parts-and-accessories" }]}
      />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <PartsSearchForm
          key={loaderData.params}
          categories={results.categories}
          query={search.query}
          category={search.category}
        />
        <p className="mt-6 text-slate-700" role="status">
          {results.estimatedTotalHits === 1 ? "1 part" : `${results.estimatedTotalHits} parts`}
          {search.query ? ` for “${search.query}”` : ""}
        </p>
        {results.hits.length === 0 ? (
          <p className="mt-4">
            Nothing found.{" "}
            <SiteLink href="/contact" className="font-semibold text-brand underline">
              Ask our parts team
            </SiteLink>{" "}
            and we will find it for you.
          </p>
        ) : (
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {results.hits.map((part) => (
              <li key={part.slug}>
                <PartCard part={part} />
              </li>
            ))}
          </ul>
        )}
        <Pager page={search.page} pageCount={pages} hrefFor={hrefFor} label="Parts pages" />
      </div>
    </>
  );
}
