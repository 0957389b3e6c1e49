import { describe, expect, it } from "vitest";
import {
  DEMO_STAFF_PASSWORD,
  demoPasswordHash,
  hashPassword,
  passwordProblem,
  verifyPassword,
} from "./passwords";

describe("staff passwords", () => {
  it("never accepts the demo's published password as a new password", () => {
    expect(passwordProblem(DEMO_STAFF_PASSWORD)).toBe(
      "This is the demo's published password: choose one of your own.",
    );
    expect(passwordProblem("a password of my own")).toBeNull();
    expect(passwordProblem("short")).toBe("Use at least 12 characters.");
  });

  it("hashes the demo password to one string, every other password with a salt of its own", async () => {
    const demo = await demoPasswordHash();
    expect(await hashPassword(DEMO_STAFF_PASSWORD)).toBe(demo);
    expect(await verifyPassword(DEMO_STAFF_PASSWORD, demo)).toBe(true);
    const [one, two] = await Promise.all([
      hashPassword("a password of my own"),
      hashPassword("a password of my own"),
    ]);
    expect(one).not.toBe(two);
    expect(await verifyPassword("a password of my own", one)).toBe(true);
  });
});
