import { describe, expect, it } from "vitest";
import { SiteSettingsSchema } from "./site-settings";

const dashboard = {
  kind: "dashboard",
  baseUrl: "https://dashboard.example.com",
  websiteId: 12,
  username: "acme-motors",
  passwordEnv: "DASHBOARD_KEY_ACME",
};

describe("site setting dataSource (docs/product/data-in.md)", () => {
  it("is the local database by default", () => {
    expect(SiteSettingsSchema.parse({}).dataSource).toEqual({ kind: "local" });
  });

  it("reads a dashboard backend with defaults for staging, refresh and timeout", () => {
    expect(SiteSettingsSchema.parse({ dataSource: dashboard }).dataSource).toEqual({
      ...dashboard,
      stagingBaseUrl: null,
      useStaging: false,
      refreshSeconds: 300,
      timeoutMs: 10_000,
    });
  });

  it.each([
    [{ passwordEnv: "s3cret-password" }, "Name an environment variable, e.g. DASHBOARD_KEY_ACME."],
    [{ baseUrl: "ftp://dashboard.example.com" }, "baseUrl"],
    [{ websiteId: 0 }, "websiteId"],
    [{ refreshSeconds: 1 }, "refreshSeconds"],
  ])("refuses %o", (change, message) => {
    const result = SiteSettingsSchema.safeParse({ dataSource: { ...dashboard, ...change } });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error!.issues)).toContain(message);
  });
});
