import { useEffect, useMemo } from "react";
import { addRecentSearch, type RecentSearch } from "~/domain/search-store";
import { browserStorage } from "~/app/components/engagement/browser-storage";
import { useClientValue } from "~/app/components/engagement/use-client-value";
import { APP_LINK } from "~/app/components/site/app-links";
import { useSite } from "~/app/lib/site";

export function recentSearchesKey(siteSlug: string): string {
  return `recent-searches:${siteSlug}`;
}

function parseRecent(text: string | null): RecentSearch[] {
  try {
    const parsed: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter(
          (s): s is RecentSearch =>
            typeof s === "object" &&
            s !== null &&
            typeof (s as RecentSearch).url === "string" &&
            typeof (s as RecentSearch).label === "string",
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * 'Recent searches' (docs/product/search-and-urls.md: the last 5, kept in the browser per site).
 * Each results page the visitor sees is remembered; the list shows the others. Browser-only, so it
 * appears after hydration and never differs between server and browser renders.
 */
export function RecentSearches({ url, label }: { url: string; label: string }) {
  const site = useSite();
  const key = recentSearchesKey(site.slug);
  const stored = useClientValue(() => browserStorage.get(key), null);
  const searches = useMemo(() => parseRecent(stored), [stored]);

  useEffect(() => {
    const next = addRecentSearch(parseRecent(browserStorage.get(key)), {
      url,
      label,
      savedAtMs: Date.now(),
    });
    browserStorage.set(key, JSON.stringify(next));
    // The same tab gets no 'storage' event for its own writes: tell the subscription.
    window.dispatchEvent(new StorageEvent("storage", { key }));
  }, [key, url, label]);

  const others = searches.filter((s) => s.url !== url);
  if (others.length === 0) return null;
  return (
    <nav aria-labelledby="recent-searches-heading" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="recent-searches-heading" className="text-lg font-semibold text-slate-900">
        Recent searches
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {others.map((search) => (
          <li key={search.url}>
            <a
              href={search.url}
              {...APP_LINK}
              className="inline-flex min-h-11 items-center rounded-site border border-slate-300 px-3 text-sm hover:border-brand"
            >
              {search.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
