/**
 * The Content-Security-Policy of a site's responses, from its settings. The strict policy allows
 * the site's own origin only; the inline scripts React Router streams (hydration data, route
 * modules, scroll restoration) run by the nonce of their render (decision 018), never by
 * 'unsafe-inline'. Each third-party integration a site configures adds the origins of the URLs it
 * configures, in the directives that integration needs:
 *
 * - scripts loaded after the first interaction (GTM, the chat widget, other scripts such as
 *   pixels; `thirdPartyScriptUrls`): script-src, plus connect-src and img-src for their beacons
 *   and API calls;
 * - the chat widget's script origin also in frame-src (widgets draw their window in a frame);
 * - the map embed template (`mapsEmbedUrlTemplate`): frame-src;
 * - the image CDN template (`imageCdnTemplate`) and the promo popup's image: img-src;
 * - other origins the site names (`contentSecurityPolicyOrigins`), such as the tags its Google
 *   Tag Manager container loads: script-src, connect-src, img-src and frame-src.
 * - the card provider that takes the site's deposits: Stripe's and Windcave's fixed origins, or
 *   the origins its configuration gives (`browserOrigins`: Pin's Hosted Fields script and frames).
 *
 * style-src and font-src already allow any https: origin, so no integration adds to them.
 * Relative URLs are the site's own ('self'); a URL that is not http(s) or whose host is not a
 * plain host name (a placeholder, a wildcard) adds nothing. Pure: no I/O.
 */
import { thirdPartyScriptUrls } from "~/domain/engagement";
import type { PaymentProviderName, SiteSettings } from "~/domain/site-settings";

export type CspDirectives = Record<string, readonly string[]>;

/**
 * Browser features no page of a site uses are switched off, so an injected or third-party
 * script cannot ask for them; the vehicle gallery's full-screen view is the site's own.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "bluetooth=()",
  "camera=()",
  "display-capture=()",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=(self)",
  "serial=()",
  "usb=()",
].join(", ");

/** The policy of a site with no integration, and of every response outside a site. */
export const STRICT_CSP_DIRECTIVES: CspDirectives = {
  "default-src": ["'self'"],
  "base-uri": ["'self'"],
  "font-src": ["'self'", "https:", "data:"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'self'"],
  "img-src": ["'self'", "data:", "blob:"],
  "object-src": ["'none'"],
  // A site's pages add the nonce of their render for React Router's inline scripts.
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'", "https:", "'unsafe-inline'"],
  "connect-src": ["'self'"],
  "frame-src": ["'self'"],
};

export type CspSettings = Pick<
  SiteSettings,
  | "gtmId"
  | "chatEnabled"
  | "chatScriptUrl"
  | "thirdPartyScripts"
  | "mapsEmbedUrlTemplate"
  | "imageCdnTemplate"
  | "promoPopup"
  | "contentSecurityPolicyOrigins"
>;

type CspOptions = {
  nonce?: string;
  /**
   * The card provider that takes this site's deposits in this deployment (server/payments):
   * the setting names one, but a provider without credentials here is replaced by the built-in
   * test provider, whose card page is on the site's own host.
   */
  paymentProvider?: PaymentProviderName | null;
  /** The origins that provider's card fields load from (Pin's Hosted Fields), when it has any. */
  paymentOrigins?: {
    script: readonly string[];
    frame: readonly string[];
    connect: readonly string[];
  } | null;
};

/** A plain host name with an optional port: no placeholder, wildcard or separator. */
const PLAIN_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?$/i;

/**
 * The CSP source of a URL (or URL template) that points at another origin: `https://host[:port]`,
 * or `host` alone for a protocol-relative URL (it matches the page's own scheme). Null for a
 * relative URL (the site's own origin), another scheme, or a host that is not a plain host name.
 */
export function cspSourceOf(url: string): string | null {
  const trimmed = url.trim();
  const protocolRelative = trimmed.startsWith("//");
  if (!protocolRelative && !/^https?:\/\//i.test(trimmed)) return null;
  let parsed: URL;
  try {
    parsed = new URL(protocolRelative ? `https:${trimmed}` : trimmed);
  } catch {
    return null;
  }
  if (!PLAIN_HOST.test(parsed.host)) return null;
  return protocolRelative ? parsed.host : parsed.origin;
}

/**
 * The site's policy: the strict directives plus what its configured integrations need, and the
 * nonce of this render's inline scripts.
 */
export function contentSecurityPolicyDirectives(
  settings: CspSettings,
  options: CspOptions = {},
): CspDirectives {
  const extra: Record<string, string[]> = {};
  const allow = (directives: readonly string[], url: string | null | undefined) => {
    const source = url ? cspSourceOf(url) : null;
    if (!source) return;
    for (const directive of directives) (extra[directive] ??= []).push(source);
  };

  for (const script of thirdPartyScriptUrls(settings))
    allow(["script-src", "connect-src", "img-src"], script);
  if (settings.chatEnabled) allow(["frame-src"], settings.chatScriptUrl);
  allow(["frame-src"], settings.mapsEmbedUrlTemplate);
  allow(["img-src"], settings.imageCdnTemplate);
  allow(["img-src"], settings.promoPopup?.imageUrl);
  for (const origin of settings.contentSecurityPolicyOrigins)
    allow(["script-src", "connect-src", "img-src", "frame-src"], origin);
  // Card providers (docs/product/payments.md): Stripe's fields in its frames; Windcave's hosted
  // payment page, reached by the redirect that follows the checkout form.
  if (options.paymentProvider === "stripe") {
    allow(["script-src", "frame-src"], "https://js.stripe.com");
    allow(["frame-src"], "https://hooks.stripe.com");
    allow(["connect-src"], "https://api.stripe.com");
  }
  if (options.paymentProvider === "windcave")
    for (const host of ["https://sec.windcave.com", "https://uat.windcave.com"])
      allow(["form-action"], host);
  if (options.paymentOrigins) {
    for (const origin of options.paymentOrigins.script) allow(["script-src"], origin);
    for (const origin of options.paymentOrigins.frame) allow(["frame-src"], origin);
    for (const origin of options.paymentOrigins.connect) allow(["connect-src"], origin);
  }
  if (options.nonce) (extra["script-src"] ??= []).push(`'nonce-${options.nonce}'`);

  const directives: Record<string, readonly string[]> = {};
  for (const [name, values] of Object.entries(STRICT_CSP_DIRECTIVES)) {
    directives[name] = [...new Set([...values, ...(extra[name] ?? [])])];
  }
  return directives;
}

/** The header value, in helmet's format (`name value value;name value`). */
export function serializeContentSecurityPolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join(";");
}

/** The Content-Security-Policy header of a site's responses. */
export function contentSecurityPolicy(settings: CspSettings, options: CspOptions = {}): string {
  return serializeContentSecurityPolicy(contentSecurityPolicyDirectives(settings, options));
}

/** Where the nonce goes in a kept policy: no directive value can hold a NUL. */
const NONCE_MARK = "\u0000nonce\u0000";
const pagePolicies = new WeakMap<CspSettings, Map<object | null, readonly [string, string]>>();

/**
 * A site page's Content-Security-Policy with this render's nonce: the same header as
 * `contentSecurityPolicy(settings, { nonce, paymentProvider, paymentOrigins })`. Everything in it
 * but the nonce depends on the settings (a reload reads new ones) and the card provider only, so
 * it is built once for each and kept around a mark the nonce replaces; a page pays one string
 * concatenation instead of parsing every integration's URL again.
 */
export function sitePagePolicy(
  settings: CspSettings,
  nonce: string,
  provider: {
    name: PaymentProviderName;
    browserOrigins?: CspOptions["paymentOrigins"];
  } | null,
): string {
  let bySettings = pagePolicies.get(settings);
  if (!bySettings) pagePolicies.set(settings, (bySettings = new Map()));
  let parts = bySettings.get(provider);
  if (!parts) {
    const policy = contentSecurityPolicy(settings, {
      nonce: NONCE_MARK,
      paymentProvider: provider?.name,
      paymentOrigins: provider?.browserOrigins,
    });
    const at = policy.indexOf(NONCE_MARK);
    parts = [policy.slice(0, at), policy.slice(at + NONCE_MARK.length)];
    bySettings.set(provider, parts);
  }
  return `${parts[0]}${nonce}${parts[1]}`;
}
