/**
 * A lead without a phone (docs/product/leads-and-forms.md, "Phone numbers"): it is taken, and the
 * server log carries a warning, since the dealer can only write back. A lead with a phone logs no
 * such warning.
 */
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env";
import { startServer, type RunningServer } from "~/server/start";
import { createDemoDatabase } from "../support/test-database";
import { sendJson, validLead } from "./support/lead-client";

let server: RunningServer;
const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split("\n"))
      if (line.trim() !== "") lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

beforeAll(async () => {
  server = await startServer(
    parseEnv({
      NODE_ENV: "production",
      DEMO: "true",
      PORT: "0",
      HOST: "127.0.0.1",
      LEAD_DELIVERY: "false",
      LEAD_RATE_LIMIT: "1000",
    }),
    { logger: pino({ level: "warn" }, sink), database: await createDemoDatabase() },
  );
});
afterAll(async () => {
  await server?.close();
});

const warningsFor = (requestId: string) =>
  lines.filter((l) => l.msg === "lead without a phone" && l.requestId === requestId);

describe("Phone numbers: a lead without a phone logs a warning", () => {
  it("takes a lead with an e-mail and no phone, and logs a warning naming the site and request", async () => {
    const res = await sendJson(server, "POST", "/api/leads", { lead: validLead({ phone: "" }) });
    expect(res.status).toBe(201);
    const requestId = String(res.headers["x-request-id"]);
    await expect.poll(() => warningsFor(requestId).length).toBe(1);
    expect(warningsFor(requestId)[0]).toMatchObject({ level: 40, site: "coastal-kia" });
  });

  it("logs no such warning for a lead with a phone", async () => {
    const res = await sendJson(server, "POST", "/api/leads", { lead: validLead() });
    expect(res.status).toBe(201);
    const requestId = String(res.headers["x-request-id"]);
    // The request's own log lines are written before its answer: none is the warning.
    expect(warningsFor(requestId)).toEqual([]);
  });
});
