import type { ServerResponse } from "node:http";
import helmet from "helmet";
import { describe, expect, it } from "vitest";
import { SiteSettingsSchema } from "~/domain/site-settings";
import type { SiteSettingsInput } from "~/domain/site-settings";
import {
  contentSecurityPolicy,
  contentSecurityPolicyDirectives,
  cspSourceOf,
  serializeContentSecurityPolicy,
  sitePagePolicy,
  STRICT_CSP_DIRECTIVES,
} from "./content-security-policy";

const settings = (input: SiteSettingsInput = {}) => SiteSettingsSchema.parse(input);

/** The policy every site sent before integrations were allowed: it must not loosen. */
const STRICT_HEADER =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
  "img-src 'self' data: blob:;object-src 'none';script-src 'self';script-src-attr 'none';" +
  "style-src 'self' https: 'unsafe-inline';connect-src 'self';frame-src 'self'";

/** The header helmet sends for directives (the policy of responses outside a site). */
function helmetHeader(directives: typeof STRICT_CSP_DIRECTIVES): string {
  let header = "";
  const res = {
    setHeader: (_name: string, value: string) => (header = value),
  } as unknown as ServerResponse;
  helmet.contentSecurityPolicy({ useDefaults: false, directives })(
    {} as never,
    res,
    () => undefined,
  );
  return header;
}

describe("cspSourceOf", () => {
  it.each([
    ["https://www.googletagmanager.com/gtm.js?id=GTM-1", "https://www.googletagmanager.com"],
    ["https://Cdn.Chat.example:8443/widget.js", "https://cdn.chat.example:8443"],
    ["http://pixel.example/p.js", "http://pixel.example"],
    ["//static.example.net/a.js", "static.example.net"],
    ["https://www.google.com/maps/embed/v1/place?key=K&q={query}", "https://www.google.com"],
    ["https://images.example.com/{width}/{url}?q={quality}", "https://images.example.com"],
    ["https://user:secret@host.example/a.js", "https://host.example"],
  ])("%s -> %s", (url, source) => {
    expect(cspSourceOf(url)).toBe(source);
  });

  it.each([
    "/media/image?url={url}",
    "scripts/local.js",
    "javascript:alert(1)",
    "data:text/javascript,alert(1)",
    "https://{region}.maps.example/embed",
    "https://*.example.com/a.js",
    "https://a,b.example/a.js",
    "https://a;script-src *",
    "https://[::1]:3000/a.js",
    "not a url",
    "",
  ])("adds nothing for %j", (url) => {
    expect(cspSourceOf(url)).toBeNull();
  });
});

describe("contentSecurityPolicy", () => {
  it("is exactly the strict policy for a site with no integration (every demo site)", () => {
    expect(contentSecurityPolicy(settings())).toBe(STRICT_HEADER);
    expect(serializeContentSecurityPolicy(STRICT_CSP_DIRECTIVES)).toBe(STRICT_HEADER);
    // Site responses and the rest (helmet) send the same strict header.
    expect(helmetHeader(STRICT_CSP_DIRECTIVES)).toBe(STRICT_HEADER);
  });

  it("stays strict for settings that point at the site itself or are switched off", () => {
    const header = contentSecurityPolicy(
      settings({
        chatEnabled: false,
        chatScriptUrl: "https://chat.example/widget.js",
        imageCdnTemplate: "/media/image?url={url}&w={width}&q={quality}",
        thirdPartyScripts: ["/js/pixel.js"],
        promoPopup: {
          imageUrl: "/media/promo/sale.svg",
          title: "Sale",
          link: "/offers",
          expiresAt: "2099-12-31",
        },
      }),
    );
    expect(header).toBe(STRICT_HEADER);
  });

  it("allows Google Tag Manager's script, images and connections", () => {
    const d = contentSecurityPolicyDirectives(settings({ gtmId: "GTM-ABC123" }));
    const gtm = "https://www.googletagmanager.com";
    expect(d["script-src"]).toEqual(["'self'", gtm]);
    expect(d["img-src"]).toEqual(["'self'", "data:", "blob:", gtm]);
    expect(d["connect-src"]).toEqual(["'self'", gtm]);
    expect(d["frame-src"]).toEqual(["'self'"]);
    expect(d["default-src"]).toEqual(["'self'"]);
  });

  it("allows the chat widget's origin for its script, calls, images and frame, only when chat is on", () => {
    const chat = "https://cdn.livechat.example";
    const d = contentSecurityPolicyDirectives(
      settings({ chatEnabled: true, chatScriptUrl: `${chat}/tracking.js` }),
    );
    for (const directive of ["script-src", "connect-src", "img-src", "frame-src"]) {
      expect(d[directive], directive).toContain(chat);
    }
    expect(d["style-src"]).toEqual(STRICT_CSP_DIRECTIVES["style-src"]);
  });

  it("allows other third-party scripts (pixels) by their origins, once each", () => {
    const d = contentSecurityPolicyDirectives(
      settings({
        thirdPartyScripts: [
          "https://connect.pixel.example/en_US/fbevents.js",
          "https://connect.pixel.example/signals/config.js",
          "https://tags.other.example/t.js",
        ],
      }),
    );
    expect(d["script-src"]).toEqual([
      "'self'",
      "https://connect.pixel.example",
      "https://tags.other.example",
    ]);
    expect(d["connect-src"]).toEqual([
      "'self'",
      "https://connect.pixel.example",
      "https://tags.other.example",
    ]);
    expect(d["frame-src"]).toEqual(["'self'"]);
  });

  it("allows the map embed's origin in frames and the image CDN's and popup image's in images", () => {
    const d = contentSecurityPolicyDirectives(
      settings({
        mapsEmbedUrlTemplate: "https://www.google.com/maps/embed/v1/place?key=K&q={query}",
        imageCdnTemplate: "https://img.cdn.example/{width}/{url}",
        promoPopup: {
          imageUrl: "https://media.dealer.example/sale.jpg",
          title: "Sale",
          link: "/offers",
          expiresAt: "2099-12-31",
        },
      }),
    );
    expect(d["frame-src"]).toEqual(["'self'", "https://www.google.com"]);
    expect(d["img-src"]).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://img.cdn.example",
      "https://media.dealer.example",
    ]);
    expect(d["script-src"]).toEqual(STRICT_CSP_DIRECTIVES["script-src"]);
    expect(d["connect-src"]).toEqual(STRICT_CSP_DIRECTIVES["connect-src"]);
  });

  it("allows the other origins a site names (its GTM container's tags) for scripts, calls, images and frames", () => {
    const pixel = "https://connect.pixel.example";
    const ads = "https://ads.example:8443";
    const d = contentSecurityPolicyDirectives(
      settings({ gtmId: "GTM-ABC123", contentSecurityPolicyOrigins: [pixel, ads, pixel] }),
    );
    for (const directive of ["script-src", "connect-src", "img-src", "frame-src"]) {
      expect(
        d[directive]!.filter((v) => v === pixel),
        directive,
      ).toHaveLength(1);
      expect(d[directive], directive).toContain(ads);
    }
    expect(d["default-src"]).toEqual(["'self'"]);
    expect(d["style-src"]).toEqual(STRICT_CSP_DIRECTIVES["style-src"]);
  });

  it.each([
    "http://pixel.example",
    "https://pixel.example/path",
    "https://*.pixel.example",
    "pixel.example",
    "https://",
  ])("refuses %j as a policy origin, with a message that says what to enter", (origin) => {
    const result = SiteSettingsSchema.safeParse({ contentSecurityPolicyOrigins: [origin] });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(
      "An https origin, with no path (https://connect.facebook.net)",
    );
  });

  it("keeps every strict directive and adds no other", () => {
    const d = contentSecurityPolicyDirectives(
      settings({ gtmId: "GTM-1", chatEnabled: true, chatScriptUrl: "https://chat.example/w.js" }),
    );
    expect(Object.keys(d)).toEqual(Object.keys(STRICT_CSP_DIRECTIVES));
    for (const [name, values] of Object.entries(STRICT_CSP_DIRECTIVES)) {
      expect(d[name]!.slice(0, values.length), name).toEqual(values);
    }
    // Helmet accepts the result: its header and ours agree.
    expect(helmetHeader(d)).toBe(serializeContentSecurityPolicy(d));
  });
});

describe("sitePagePolicy", () => {
  const integrations = settings({
    gtmId: "GTM-ABC123",
    chatEnabled: true,
    chatScriptUrl: "https://chat.example/widget.js",
    imageCdnTemplate: "https://cdn.example/{width}/{url}",
    contentSecurityPolicyOrigins: ["https://partner.example"],
  });
  const pin = {
    name: "pin-payments" as const,
    browserOrigins: {
      script: ["https://cdn.pinpayments.com"],
      frame: ["https://cdn.pinpayments.com"],
      connect: [],
    },
  };

  it("is the site's policy with this render's nonce, for each settings and card provider", () => {
    for (const site of [settings(), integrations])
      for (const provider of [
        null,
        { name: "stripe" as const, browserOrigins: null },
        { name: "windcave" as const, browserOrigins: null },
        pin,
      ])
        for (const nonce of ["abc123==", "Zm9vYmFy+/==", "abc123=="])
          expect(sitePagePolicy(site, nonce, provider)).toBe(
            contentSecurityPolicy(site, {
              nonce,
              paymentProvider: provider?.name,
              paymentOrigins: provider?.browserOrigins,
            }),
          );
  });

  it("follows new settings: a reload reads a new settings object", () => {
    const before = settings();
    const after = settings({ chatEnabled: true, chatScriptUrl: "https://chat.example/w.js" });
    expect(sitePagePolicy(before, "n1", null)).not.toContain("chat.example");
    expect(sitePagePolicy(after, "n1", null)).toContain("frame-src 'self' https://chat.example");
  });
});
