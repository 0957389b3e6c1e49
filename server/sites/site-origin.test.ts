import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { onSiteOrigin, siteOrigin } from "./site-origin";

describe("a site's origin comes from its configuration", () => {
  it("is the domain name, else the platform domain, else the local address", () => {
    expect(siteOrigin({ slug: "kia", domainName: "www.Kia.example" }, { port: 3000 })).toBe(
      "https://www.kia.example",
    );
    expect(
      siteOrigin({ slug: "kia", domainName: null }, { platformDomain: "sites.example", port: 80 }),
    ).toBe("https://kia.sites.example");
    expect(siteOrigin({ slug: "kia", domainName: null }, { port: 4123 })).toBe(
      "http://kia.localhost:4123",
    );
  });

  it("puts any URL a visitor sends on the site's origin, keeping its path and query", () => {
    const origin = "https://www.kia.example";
    expect(onSiteOrigin("https://evil.example/cars/x?utm_source=a", origin)).toBe(
      "https://www.kia.example/cars/x?utm_source=a",
    );
    expect(onSiteOrigin("/\\evil.example/x", origin)).toBe("https://www.kia.example/x");
    expect(onSiteOrigin("javascript:alert(1)", origin)).toBeNull();
    fc.assert(
      fc.property(fc.string(), (text) => {
        const url = onSiteOrigin(text, origin);
        if (url !== null) expect(new URL(url).origin).toBe(origin);
      }),
    );
  });
});
