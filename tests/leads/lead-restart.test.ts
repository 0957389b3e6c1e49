/**
 * The server killed mid-delivery: nothing is lost, and nothing is sent twice beyond
 * what the delivery log shows as a retry. The platform runs as a child process that is killed
 * with SIGKILL while the SMTP server holds messages it has received but not yet acknowledged,
 * then started again on the same database.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client";
import { leadEvents, leads } from "~/server/db/schema";
import {
  createScratchDatabase,
  seedDataDir,
  testDatabaseKind,
  type ScratchDatabase,
} from "../support/test-database";
import { randomClientIp, validLead } from "./support/lead-client";
import { SmtpSink } from "./support/smtp-sink";
import { request } from "node:http";

const root = fileURLToPath(new URL("../..", import.meta.url));
const script = fileURLToPath(new URL("./support/server-process.ts", import.meta.url));
const smtp = new SmtpSink();
const dataDir = mkdtempSync(join(tmpdir(), "lead-restart-"));
let scratch: ScratchDatabase | null = null;
let child: ChildProcess | null = null;

function startChild(): Promise<{ process: ChildProcess; port: number }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const proc = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      DEMO: "true",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      SMTP_URL: smtp.url,
      LEAD_POLL_MS: "50",
      LEAD_RETRY_BASE_MS: "100",
      LEAD_DELIVERY_LEASE_MS: "1500",
      LEAD_RATE_LIMIT: "10000",
      PAGE_CACHE: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let output = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\d+)/.exec(output);
      if (match) resolve({ process: proc, port: Number(match[1]) });
    });
    proc.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    proc.once("exit", (code) =>
      reject(new Error(`server process exited (${code}): ${output.slice(-2000)}`)),
    );
  });
}

function postLead(
  port: number,
  lead: Record<string, unknown>,
): Promise<{ status: number; id: string }> {
  const body = JSON.stringify({ lead });
  return new Promise((resolve, reject) => {
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
          "x-forwarded-for": randomClientIp(),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, id: (JSON.parse(text) as { id: string }).id }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

async function stopChild(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once("exit", resolve));
  proc.kill(signal);
  await exited;
}

beforeAll(async () => {
  await smtp.start();
  // The first start finds the demo data in place, as the restart does.
  if (testDatabaseKind === "postgres")
    scratch = await createScratchDatabase("leads_restart", { demo: true });
  else await seedDataDir(dataDir);
});

afterAll(async () => {
  if (child) await stopChild(child, "SIGKILL");
  await smtp.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await scratch?.drop();
});

describe("a server killed mid-delivery", () => {
  it("loses no lead, and sends again only what the log shows as a retry", async () => {
    const first = await startChild();
    child = first.process;
    smtp.holdMs = 1500;
    const posted = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        // Without an e-mail address: the messages in flight are the dealership's.
        postLead(first.port, validLead({ message: `Before the crash ${i}`, email: "" })),
      ),
    );
    expect(posted.every((p) => p.status === 201)).toBe(true);
    const ids = posted.map((p) => p.id);

    // Kill the server while the SMTP server holds messages it has received.
    await smtp.waitFor(() => smtp.inFlight > 0, 20_000, "a delivery in flight");
    await stopChild(first.process, "SIGKILL");
    smtp.holdMs = 0;

    const second = await startChild();
    child = second.process;
    await smtp.waitFor(
      () => ids.every((id) => smtp.countsByLead().has(id)),
      60_000,
      "every lead after the restart",
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await stopChild(second.process, "SIGTERM");
    child = null;

    let handle: DatabaseHandle | null = null;
    try {
      handle = scratch
        ? await openDatabase({ url: scratch.url })
        : await openDatabase({ dataDir: join(dataDir, "pglite") });
      const rows = await handle.db.select().from(leads).where(inArray(leads.id, ids));
      expect(rows).toHaveLength(20);
      expect(rows.filter((r) => r.deliveryStatus !== "delivered").map((r) => r.id)).toEqual([]);
      const events = await handle.db
        .select()
        .from(leadEvents)
        .where(inArray(leadEvents.leadId, ids));
      const counts = smtp.countsByLead();
      for (const id of ids) {
        const attempts = events.filter(
          (e) => e.leadId === id && (e.kind === "delivery.attempt" || e.kind === "delivery.retry"),
        ).length;
        const received = counts.get(id) ?? 0;
        expect(received, `lead ${id}`).toBeGreaterThanOrEqual(1);
        expect(
          received,
          `lead ${id}: received ${received}, attempts logged ${attempts}`,
        ).toBeLessThanOrEqual(attempts);
      }
      // The crash did catch deliveries in flight: they were sent again, and logged as retries.
      const resent = ids.filter((id) => (counts.get(id) ?? 0) > 1);
      expect(resent.length).toBeGreaterThan(0);
      for (const id of resent)
        expect(events.some((e) => e.leadId === id && e.kind === "delivery.retry")).toBe(true);
    } finally {
      await handle?.close();
    }
  }, 150_000);
});
