import { data } from "react-router";
import type { Route } from "./+types/news-article";
import { dateTimeFormat } from "~/domain/number-format";
import { resolveSiteLink } from "~/domain/links";
import { loadArticle } from "~/server/content/pages";
import { PageHeader } from "~/app/components/content/page-header";
import { RichText } from "~/app/components/content/rich-text";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { withStructuredData } from "~/app/components/content/structured-data";
import { useSite } from "~/app/lib/site";

export async function loader({ context, params }: Route.LoaderArgs) {
  const article = await loadArticle(context, "news", params.slug);
  if (!article) throw data(null, { status: 404 });
  const base = resolveSiteLink("/blog", context.site.settings);
  const canonical = `${base}/${encodeURIComponent(article.slug)}`;
  return {
    article,
    base,
    seo: seoFor(context.origin, canonical, article.title, article.metaDescription),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return withStructuredData(seoMeta(data?.seo, matches), matches, ({ site }) =>
    data
      ? {
          "@context": "https://schema.org",
          "@type": "Article",
          headline: data.article.title,
          ...(data.article.publishedAt ? { datePublished: data.article.publishedAt } : {}),
          ...(data.article.updatedAt ? { dateModified: data.article.updatedAt } : {}),
          publisher: { "@type": "Organization", name: site.name },
          mainEntityOfPage: data.seo.canonical,
        }
      : null,
  );
}

export default function NewsArticle({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { article, base } = loaderData;
  const newsName = base === "/news" ? "News" : "Blog";
  return (
    <article>
      <PageHeader
        title={article.title}
        crumbs={[{ name: newsName, href: base }]}
        intro={
          article.publishedAt ? (
            <time dateTime={article.publishedAt}>
              {dateTimeFormat(site.locale, {
                day: "numeric",
                month: "long",
                year: "numeric",
                timeZone: "UTC",
              }).format(new Date(article.publishedAt))}
            </time>
          ) : undefined
        }
      />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <RichText html={article.body} />
      </div>
    </article>
  );
}
