import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("configuration from the environment", () => {
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PLATFORM_INDEX).toBe(true);
    expect(env.SEARCH_MASTER_KEY).toMatch(/^[0-9a-f]{48}$/);
  });

  it("names the variable of a bad value", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "not a url" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ PLATFORM_INDEX: "maybe" })).toThrow(/PLATFORM_INDEX/);
  });

  it("loads no demo data and takes no test payments in production unless asked by name", () => {
    const production = parseEnv({ NODE_ENV: "production" });
    expect(production.SEED_DEMO).toBe(false);
    expect(production.PAYMENTS_TEST_PROVIDER).toBe(false);
    const demo = parseEnv({ NODE_ENV: "production", DEMO: "true" });
    expect(demo.SEED_DEMO).toBe(true);
    expect(demo.PAYMENTS_TEST_PROVIDER).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: "development" }).SEED_DEMO).toBe(true);
    expect(parseEnv({ DEMO: "true", PAYMENTS_TEST_PROVIDER: "false" }).PAYMENTS_TEST_PROVIDER).toBe(
      false,
    );
  });

  it("reads flags", () => {
    expect(parseEnv({ PLATFORM_INDEX: "false" }).PLATFORM_INDEX).toBe(false);
    expect(parseEnv({ PAGE_CACHE: "0" }).PAGE_CACHE).toBe(false);
  });

  it("trusts no proxy unless told, and refuses a proxy list that is not addresses or ranges", () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(
      parseEnv({ TRUSTED_PROXIES: "10.0.0.0/8, 192.168.1.7,loopback,::1,fd00::/8" })
        .TRUSTED_PROXIES,
    ).toEqual(["10.0.0.0/8", "192.168.1.7", "loopback", "::1", "fd00::/8"]);
    for (const bad of ["everyone", "10.0.0.0/33", "10.0.0.300", "true", "10.0.0.0/8/1"])
      expect(() => parseEnv({ TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES/);
  });
});
