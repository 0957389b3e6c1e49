/** HTML of every site's pages may be kept by a CDN for a minute and served stale while it refreshes. */
export const HTML_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
