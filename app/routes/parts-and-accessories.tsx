import { data } from "react-router";
import type { Route } from "./+types/parts-and-accessories";
import { loadContentPage } from "~/server/content/pages";
import { searchParts } from "~/server/content/parts";
import { PageHeader } from "~/app/components/content/page-header";
import { RichText } from "~/app/components/content/rich-text";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { PartCard } from "~/app/components/offers/part-card";
import { PartsSearchForm } from "~/app/components/offers/parts-search-form";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useTemplate } from "~/app/lib/site";

const FEATURED = 6;

export async function loader({ context }: Route.LoaderArgs) {
  const [page, parts] = await Promise.all([
    loadContentPage(context, "vehicle-parts-and-accessories"),
    searchParts(context, { query: "", category: null, offset: 0, limit: FEATURED }),
  ]);
  if (!page) throw data(null, { status: 404 });
  return {
    page,
    parts,
    seo: seoFor(context.origin, "/vehicle-parts-and-accessories", page.title, page.metaDescription),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return seoMeta(data?.seo, matches);
}

export default function PartsAndAccessories({ loaderData }: Route.ComponentProps) {
  const t = useTemplate();
  const { page, parts } = loaderData;
  return (
    <article>
      <PageHeader title={page.title} />
      <div className="mx-auto max-w-7xl space-y-10 px-4 py-10">
        <RichText html={page.body} />
        <PartsSearchForm categories={parts.categories} />
        {parts.hits.length > 0 && (
          <section aria-labelledby="featured-parts">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <h2 id="featured-parts" className={cn("text-2xl", t.heading)}>
                Popular parts and accessories
              </h2>
              <SiteLink
                href="/parts/search"
                className="font-semibold text-brand underline underline-offset-2"
              >
                All {parts.estimatedTotalHits} parts
              </SiteLink>
            </div>
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {parts.hits.map((part) => (
                <li key={part.slug}>
                  <PartCard part={part} headingLevel={3} />
                </li>
              ))}
            </ul>
          </section>
        )}
        <p className="flex flex-wrap gap-3">
          <SiteLink href="/contact" className={cn("inline-flex px-5 py-3 font-semibold", t.button)}>
            Ask our parts team
          </SiteLink>
          <SiteLink
            href="/aftermarket"
            className={cn("inline-flex px-5 py-3 font-semibold", t.buttonOutline)}
          >
            Aftermarket accessories
          </SiteLink>
        </p>
      </div>
    </article>
  );
}
