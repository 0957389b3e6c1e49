import type { Route } from "./+types/news";
import { dateTimeFormat } from "~/domain/number-format";
import { resolveSiteLink } from "~/domain/links";
import { listArticles, loadContentPage } from "~/server/content/pages";
import { PageHeader } from "~/app/components/content/page-header";
import { RichText } from "~/app/components/content/rich-text";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";

/** /news and /blog: the site's articles, newest first. /news replaces /blog where the site says so. */
export async function loader({ context }: Route.LoaderArgs) {
  const [intro, articles] = await Promise.all([
    loadContentPage(context, "news"),
    listArticles(context, "news"),
  ]);
  const base = resolveSiteLink("/blog", context.site.settings);
  return {
    base,
    intro: intro?.body ?? "",
    title: intro?.title ?? "News",
    articles,
    seo: seoFor(
      context.origin,
      base,
      intro?.title ?? "News",
      intro?.metaDescription ?? `News from ${context.site.name}.`,
    ),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return seoMeta(data?.seo, matches);
}

export default function News({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const t = useTemplate();
  const { articles, base } = loaderData;
  const dateFormat = dateTimeFormat(site.locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return (
    <>
      <PageHeader title={loaderData.title} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <RichText html={loaderData.intro} />
        {articles.length === 0 ? (
          <p className="mt-8 text-slate-700">No articles yet. Check back soon.</p>
        ) : (
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {articles.map((article) => (
              <li key={article.slug}>
                <article className="flex h-full flex-col rounded-site border border-slate-200 bg-white p-5">
                  <h2 className={cn("text-xl", t.heading)}>
                    <SiteLink href={`${base}/${article.slug}`} className="hover:underline">
                      {article.title}
                    </SiteLink>
                  </h2>
                  {article.publishedAt && (
                    <time dateTime={article.publishedAt} className="mt-1 text-sm text-slate-700">
                      {dateFormat.format(new Date(article.publishedAt))}
                    </time>
                  )}
                  <p className="mt-3 text-slate-800">{article.excerpt}</p>
                  <SiteLink
                    href={`${base}/${article.slug}`}
                    className="mt-auto pt-4 font-semibold text-brand underline underline-offset-2"
                  >
                    Read more<span className="sr-only">: {article.title}</span>
                  </SiteLink>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
