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

  it("logs it too when a multi-step lead is completed by a later step without a phone", async () => {
    const first = await sendJson(server, "POST", "/api/leads", {
      lead: {
        first_name: "Sam",
        last_name: "Lee",
        email: "sam.lee@example.com",
        category: "Finance Enquiry",
        form_completed: false,
        step_number: 1,
      },
    });
    expect(first.status).toBe(201);
    // A saved step is not a lead the dealer acts on yet: no warning.
    expect(warningsFor(String(first.headers["x-request-id"]))).toEqual([]);
    const final = await sendJson(server, "PUT", `/api/leads/${String(first.json.id)}`, {
      lead: { form_completed: true, step_number: 2, lead_id: first.json.id },
    });
    expect(final.status).toBe(200);
    const requestId = String(final.headers["x-request-id"]);
    await expect.poll(() => warningsFor(requestId).length).toBe(1);
  });

  it("logs no such warning for a lead with a phone", async () => {
    const res = await sendJson(server, "POST", "/api/leads", { lead: validLead() });
    expect(res.status).toBe(201);
    const requestId = String(res.headers["x-request-id"]);
    // The request's own log lines are written before its answer: none is the warning.
    expect(warningsFor(requestId)).toEqual([]);
  });
});
