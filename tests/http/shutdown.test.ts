/**
 * Readiness and graceful shutdown of the production entry (server/main.ts) as its own process:
 * `/readyz` says not ready while the node starts, ready once it serves; on SIGTERM a request in
 * flight still gets its answer (and its lead is stored), new connections are refused, and the
 * process exits 0.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnNode, freePort, type NodeProcess } from "../support/node-process";
import {
  createScratchDatabase,
  testDatabaseKind,
  type ScratchDatabase,
} from "../support/test-database";
import { validLead } from "../leads/support/lead-client";

const dataDir = mkdtempSync(join(tmpdir(), "shutdown-"));
let scratch: ScratchDatabase | null = null;
let node: NodeProcess | null = null;

beforeAll(async () => {
  if (testDatabaseKind === "postgres") scratch = await createScratchDatabase("shutdown");
});
afterAll(async () => {
  await node?.stop("SIGKILL");
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("readiness and graceful shutdown", () => {
  it("is not ready while starting, ready after, and drains a request in flight on SIGTERM", async () => {
    const port = await freePort();
    node = spawnNode(
      {
        DATA_DIR: dataDir,
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        LEAD_DELIVERY_LEASE_MS: "1000",
      },
      port,
    );
    // Poll until ready: every answer before that is 503 (or no listener yet).
    const seen: string[] = [];
    const started = Date.now();
    for (;;) {
      expect(Date.now() - started, node.output()).toBeLessThan(120_000);
      const answer = await get(port, "/readyz").catch(() => null);
      if (answer) seen.push(`${answer.status} ${answer.body}`);
      if (answer?.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen.at(-1)).toBe('200 {"status":"ready"}');
    // The database is migrated and seeded after the node listens: it said so meanwhile.
    expect(seen).toContain('503 {"status":"starting"}');
    expect(new Set(seen.slice(0, -1))).toEqual(new Set(['503 {"status":"starting"}']));
    expect((await get(port, "/healthz")).status).toBe(200);

    // A lead whose body is still arriving when SIGTERM comes.
    const body = JSON.stringify({ lead: validLead({ message: "Sent during shutdown" }) });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/leads",
          method: "POST",
          headers: {
            host: `coastal-kia.localhost:${port}`,
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(body)),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 20));
      setTimeout(() => req.end(body.slice(20)), 1_000);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const exit = node.stop("SIGTERM");
    const response = await answer;
    expect(response.status, response.body).toBe(201);
    expect(await exit, node.output()).toBe(0);
    await expect(get(port, "/healthz")).rejects.toThrow(/ECONNREFUSED/);
  }, 180_000);
});
