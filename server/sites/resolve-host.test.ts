import { describe, expect, it } from "vitest";
import { normaliseHost, resolveHost } from "./resolve-host";

describe("tenancy: a request's Host selects the site", () => {
  it.each([
    ["localhost:3000", undefined, { kind: "platform" }],
    ["127.0.0.1:3000", undefined, { kind: "platform" }],
    ["sites.example.com", "sites.example.com", { kind: "platform" }],
    [
      "acme.localhost:3000",
      undefined,
      { kind: "site", domainName: "acme.localhost", slug: "acme" },
    ],
    ["ACME.Localhost", undefined, { kind: "site", domainName: "acme.localhost", slug: "acme" }],
    [
      "acme.sites.example.com",
      "sites.example.com",
      { kind: "site", domainName: "acme.sites.example.com", slug: "acme" },
    ],
    [
      "www.acmecars.com.au",
      "sites.example.com",
      { kind: "site", domainName: "www.acmecars.com.au", slug: null },
    ],
    ["a.b.localhost", undefined, { kind: "site", domainName: "a.b.localhost", slug: null }],
  ])("%s (platform domain %s)", (host, platform, expected) => {
    expect(resolveHost(host, platform)).toEqual(expected);
  });

  it("strips ports and trailing dots", () => {
    expect(normaliseHost("Example.com.:443")).toBe("example.com");
    expect(normaliseHost("[::1]:3000")).toBe("[::1]");
    expect(normaliseHost(undefined)).toBe("");
  });
});
