import { describe, expect, it } from "vitest";
import { Readiness } from "./readiness";

describe("readiness", () => {
  it("is not ready while starting, ready with a database that answers, not ready when draining", async () => {
    const readiness = new Readiness();
    expect(await readiness.check()).toEqual({ ready: false, status: "starting" });
    readiness.ready(async () => 1);
    expect(await readiness.check()).toEqual({ ready: true, status: "ready" });
    readiness.draining();
    expect(await readiness.check()).toEqual({ ready: false, status: "draining" });
  });

  it("is not ready while its database does not answer", async () => {
    const readiness = new Readiness();
    readiness.ready(() => Promise.reject(new Error("connection refused")));
    expect(await readiness.check()).toEqual({ ready: false, status: "database unreachable" });
  });
});
