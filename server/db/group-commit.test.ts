import { createConnection, createServer, type AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { GroupCommit, turnsBetweenStatements } from "./group-commit";

/** A writer that records its batches and refuses any batch holding "bad". */
function recorder(options: { keysOf?: (item: string) => string[] } = {}) {
  const batches: string[][] = [];
  const commit = new GroupCommit<string, string>({
    write: async (items) => {
      batches.push(items);
      if (items.includes("bad")) throw new Error("refused");
      return items.map((i) => `stored ${i}`);
    },
    maxBatch: 3,
    concurrency: 1,
    ...options,
  });
  return { batches, commit };
}

describe("group commit", () => {
  it("writes what is submitted together in bounded batches, answering each item", async () => {
    const { batches, commit } = recorder();
    const results = await Promise.all(["a", "b", "c", "d"].map((i) => commit.submit(i)));
    expect(results).toEqual(["stored a", "stored b", "stored c", "stored d"]);
    expect(batches).toEqual([["a", "b", "c"], ["d"]]);
  });

  it("fails only the item the database refuses; the others of its batch are written", async () => {
    const { batches, commit } = recorder();
    const results = await Promise.allSettled(["a", "bad", "c"].map((i) => commit.submit(i)));
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : String(r.reason)))).toEqual([
      "stored a",
      "Error: refused",
      "stored c",
    ]);
    expect(batches).toEqual([["a", "bad", "c"], ["a", "bad"], ["a"], ["bad"], ["c"]]);
  });

  it("keeps items sharing a key out of one batch", async () => {
    const { batches, commit } = recorder({ keysOf: (i) => [i.slice(0, 1)] });
    await Promise.all(["a1", "a2", "b1"].map((i) => commit.submit(i)));
    expect(batches).toEqual([["a1", "b1"], ["a2"]]);
  });

  it("takes in connections waiting to be accepted between the statements of a batch, one per turn", async () => {
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    /** Connections the server accepted after each of four statements (each a few ms of work). */
    async function acceptedDuringBatch(takeTurns: boolean): Promise<number[]> {
      const server = createServer((socket) => socket.destroy());
      let accepted = 0;
      server.on("connection", () => (accepted += 1));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      const clients = Array.from({ length: 4 }, () =>
        createConnection(port, "127.0.0.1").on("error", () => undefined),
      );
      busy(20); // the connections are established meanwhile, waiting for the server to accept
      const turn = turnsBetweenStatements(takeTurns);
      const seen: number[] = [];
      for (let statement = 0; statement < 4; statement++) {
        busy(5);
        await turn();
        seen.push(accepted);
      }
      clients.forEach((c) => c.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return seen;
    }
    expect(await acceptedDuringBatch(false)).toEqual([0, 0, 0, 0]);
    expect((await acceptedDuringBatch(true)).at(-1)).toBe(4);
  });
});
