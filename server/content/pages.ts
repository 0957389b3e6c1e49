/**
 * Content pages: the dealer's own page from the database (sanitised), else the platform's
 * default for that page, else nothing. Articles (news) and job listings (positions) are content
 * pages of their own kind.
 */
import { memoForSiteVersion } from "../sites/site-memo";
import { and, desc, eq, like, lte } from "drizzle-orm";
import type { RequestContext } from "../http/load-context";
import { contentPages } from "../db/schema";
import { defaultDecade, defaultPage, HISTORY_DECADES } from "./defaults";
import type { DefaultSiteFacts, HistoryDecade } from "./defaults";
import { plainText, sanitizeContentHtml } from "./sanitize";

type ContentContext = Pick<RequestContext, "site" | "scope">;

export type ContentPage = {
  slug: string;
  title: string;
  metaDescription: string;
  /** Sanitised HTML. */
  body: string;
  /** The page is the platform's default (the dealer has not written one). */
  isDefault: boolean;
  updatedAt: string | null;
};

export const CONTENT_KINDS = {
  page: "page",
  news: "news",
  position: "position",
  history: "history",
} as const;

export function siteFacts(site: RequestContext["site"]): DefaultSiteFacts {
  return {
    name: site.name,
    locale: site.locale,
    city: site.city,
    template: site.template,
    phone: site.contactDetails.phone,
    email: site.contactDetails.email,
    careersUrl: site.settings.careersUrl,
  };
}

function fromRow(row: typeof contentPages.$inferSelect): ContentPage {
  const body = sanitizeContentHtml(row.body);
  return {
    slug: row.slug,
    title: row.title,
    metaDescription: row.metaDescription?.trim() || plainText(body),
    body,
    isDefault: false,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The page for a slug: the dealer's own, else the default, else null (a 404). */
export function loadContentPage(
  context: ContentContext,
  slug: string,
): Promise<ContentPage | null> {
  return memoForSiteVersion(context.site, `content-page:${slug}`, () =>
    readContentPage(context, slug),
  );
}

async function readContentPage(context: ContentContext, slug: string): Promise<ContentPage | null> {
  const row = await context.scope.findFirst(
    contentPages,
    and(eq(contentPages.slug, slug), eq(contentPages.kind, CONTENT_KINDS.page)),
  );
  if (row) return fromRow(row);
  const fallback = defaultPage(slug, siteFacts(context.site));
  return fallback ? { slug, ...fallback, isDefault: true, updatedAt: null } : null;
}

export type ArticleSummary = {
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: string | null;
};

/** Published articles of a kind (news or positions), newest first. */
export async function listArticles(
  context: ContentContext,
  kind: "news" | "position",
  now = new Date(),
): Promise<ArticleSummary[]> {
  const rows = await context.scope.findMany(contentPages, {
    where: and(eq(contentPages.kind, kind), lte(contentPages.publishedAt, now)),
    orderBy: [desc(contentPages.publishedAt), desc(contentPages.id)],
    limit: 100,
  });
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    excerpt: row.metaDescription?.trim() || plainText(sanitizeContentHtml(row.body), 200),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  }));
}

export type Article = ContentPage & { publishedAt: string | null };

/** One published article of a kind, or null. */
export async function loadArticle(
  context: ContentContext,
  kind: "news" | "position",
  slug: string,
  now = new Date(),
): Promise<Article | null> {
  const row = await context.scope.findFirst(
    contentPages,
    and(
      eq(contentPages.kind, kind),
      eq(contentPages.slug, slug),
      lte(contentPages.publishedAt, now),
    ),
  );
  return row ? { ...fromRow(row), publishedAt: row.publishedAt?.toISOString() ?? null } : null;
}

export type HistoryTab = { decade: HistoryDecade; title: string; body: string };

/**
 * The history page's eight decade tabs: each decade's 'history-{decade}' page where the dealer
 * wrote one, else default text.
 */
export function loadHistory(context: ContentContext): Promise<HistoryTab[]> {
  return memoForSiteVersion(context.site, "history", () => readHistory(context));
}

async function readHistory(context: ContentContext): Promise<HistoryTab[]> {
  const rows = await context.scope.findMany(contentPages, {
    where: and(eq(contentPages.kind, CONTENT_KINDS.history), like(contentPages.slug, "history-%")),
  });
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  const facts = siteFacts(context.site);
  return HISTORY_DECADES.map((decade) => {
    const row = bySlug.get(`history-${decade}`);
    return row
      ? { decade, title: row.title, body: sanitizeContentHtml(row.body) }
      : { decade, title: decade, body: defaultDecade(decade, facts) };
  });
}
