import { data } from "react-router";
import type { Route } from "./+types/content-page";
import { CAREERS_CATEGORY } from "~/domain/enquiry-form";
import { resolveSiteLink } from "~/domain/links";
import { loadContentPage } from "~/server/content/pages";
import { PageHeader } from "~/app/components/content/page-header";
import { RichText } from "~/app/components/content/rich-text";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useTemplate } from "~/app/lib/site";

/** The enquiry form with the Careers Enquiry category chosen (it asks for a CV). */
const CAREERS_ENQUIRY_PATH = `/contact?category=${encodeURIComponent(CAREERS_CATEGORY)}`;

/**
 * Company and other content pages (about us, careers, terms, privacy, StealStopper, and any page
 * the dealer adds under /pages/): the dealer's own page, sanitised, or the platform's default for
 * it. The canonical URL follows the link rules of docs/product/search-and-urls.md (/pages/ prefix
 * or not). The careers page links to the current positions and to the enquiry form with the Careers
 * Enquiry category chosen.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const slug = params.slug ?? new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  const page = await loadContentPage(context, slug);
  if (!page) throw data(null, { status: 404 });
  const canonicalPath = resolveSiteLink(`/pages/${slug}`, context.site.settings);
  return {
    page,
    seo: seoFor(context.origin, canonicalPath, page.title, page.metaDescription),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return seoMeta(data?.seo, matches);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const t = useTemplate();
  const { page } = loaderData;
  return (
    <article>
      <PageHeader title={page.title} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <RichText html={page.body} />
        {page.slug === "careers" && (
          <p className="mt-8 flex flex-wrap gap-3">
            <SiteLink
              href="/current-positions"
              className={cn("inline-flex px-5 py-3 font-semibold", t.button)}
            >
              See current positions
            </SiteLink>
            <SiteLink
              href={CAREERS_ENQUIRY_PATH}
              className={cn("inline-flex px-5 py-3 font-semibold", t.buttonOutline)}
            >
              Send us your details
            </SiteLink>
          </p>
        )}
      </div>
    </article>
  );
}
