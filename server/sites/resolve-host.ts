/**
 * Which site a request's Host names. Pure: the registry decides whether the site exists.
 *
 * Order: a site's own domain_name (exact), then `{slug}.localhost`, then
 * `{slug}.{PLATFORM_DOMAIN}`. The bare platform host (localhost, 127.0.0.1, PLATFORM_DOMAIN)
 * is the platform itself (index page, health, search API with the master key).
 */
export type HostTarget =
  { kind: "platform" } | { kind: "site"; domainName: string; slug: string | null };

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const PLATFORM_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export function normaliseHost(hostHeader: string | undefined | null): string {
  if (!hostHeader) return "";
  const host = hostHeader.trim().toLowerCase();
  // Strip the port, keeping bracketed IPv6 literals intact.
  if (host.startsWith("[")) return host.slice(0, host.indexOf("]") + 1);
  const colon = host.lastIndexOf(":");
  return (colon === -1 ? host : host.slice(0, colon)).replace(/\.$/, "");
}

export function resolveHost(
  hostHeader: string | undefined | null,
  platformDomain?: string,
): HostTarget {
  const host = normaliseHost(hostHeader);
  const platform = platformDomain?.toLowerCase();
  if (PLATFORM_HOSTS.has(host) || (platform && host === platform)) return { kind: "platform" };
  for (const suffix of [".localhost", platform ? `.${platform}` : null]) {
    if (suffix && host.endsWith(suffix)) {
      const slug = host.slice(0, -suffix.length);
      return { kind: "site", domainName: host, slug: SLUG.test(slug) ? slug : null };
    }
  }
  return { kind: "site", domainName: host, slug: null };
}
