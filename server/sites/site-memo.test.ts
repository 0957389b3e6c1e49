import { describe, expect, it } from "vitest";
import type { Site } from "./site";
import { memoForSiteVersion } from "./site-memo";

const siteAt = (version: number) => ({ id: 1, version }) as Site;

describe("memoForSiteVersion", () => {
  it("loads once per site version and key", async () => {
    const site = siteAt(1);
    let loads = 0;
    const load = async () => ++loads;
    await expect(memoForSiteVersion(site, "a", load)).resolves.toBe(1);
    await expect(memoForSiteVersion(site, "a", load)).resolves.toBe(1);
    await expect(memoForSiteVersion(site, "b", load)).resolves.toBe(2);
    site.version += 1;
    await expect(memoForSiteVersion(site, "a", load)).resolves.toBe(3);
    await expect(memoForSiteVersion(siteAt(1), "a", load)).resolves.toBe(4);
  });

  it("forgets a failed load, so the next request reads again", async () => {
    const site = siteAt(1);
    await expect(
      memoForSiteVersion(site, "k", () => Promise.reject(new Error("down"))),
    ).rejects.toThrow("down");
    await expect(memoForSiteVersion(site, "k", async () => "up")).resolves.toBe("up");
  });
});
