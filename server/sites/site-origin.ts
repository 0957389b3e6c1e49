/**
 * The one origin (scheme, host, port) a site's absolute URLs are built from: canonical links,
 * og:url, JSON-LD, sitemaps, robots.txt and the links in lead e-mail. It comes from the site's
 * configuration, never from the request, so a forged `Host`, `X-Forwarded-Host` or
 * `X-Forwarded-Proto` cannot put another address into a page (which the page cache would then
 * serve to everyone) or into an e-mail to the dealer's staff.
 *
 * The site's own `domain_name` when it has one, else `{slug}.{PLATFORM_DOMAIN}`, else the
 * local address `{slug}.localhost:{port}` (the addresses the registry answers, resolve-host.ts).
 */
import type { Site } from "./site";

export type SiteOriginOptions = {
  platformDomain?: string;
  /** The port this server listens on, for the local address. */
  port: number;
};

export function siteOrigin(
  site: Pick<Site, "slug" | "domainName">,
  options: SiteOriginOptions,
): string {
  if (site.domainName) return `https://${site.domainName.toLowerCase()}`;
  if (options.platformDomain) return `https://${site.slug}.${options.platformDomain.toLowerCase()}`;
  return `http://${site.slug}.localhost:${options.port}`;
}

/**
 * A URL a visitor sent (a page URL, a visited page), put on the site's origin: only its path and
 * query are kept, so whatever host it named, the result is an address on the site itself. Null
 * for text that is not an http(s) URL or path.
 */
export function onSiteOrigin(value: string | null | undefined, origin: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return `${origin}${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}
