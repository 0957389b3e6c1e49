/**
 * "Forgot your password?" (docs/product/back-office.md, "Invitations and password reset"): the
 * answer does the same work for an address with an account and one without, and the link is
 * looked up, made and sent after answering. Seen from outside: with a mail server that holds
 * every message, the answer for a staff member's address has come while the link's e-mail is
 * still held; and known and unknown addresses get the same answer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "~/server/start";
import { SmtpSink } from "../leads/support/smtp-sink";
import { startTestServer } from "../support/test-server";
import type { TestResponse } from "../support/test-server";
import { demoAccount, formToken, staffClient } from "../support/staff";

let server: RunningServer;
/** A mail server that takes every message and does not answer for ten minutes. */
const smtp = new SmtpSink();

beforeAll(async () => {
  smtp.holdMs = 600_000;
  await smtp.start();
  server = await startTestServer({ SMTP_URL: smtp.url, LEAD_DELIVERY: "false" });
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

async function ask(email: string, clientIp: string) {
  const browser = staffClient(server);
  const headers = { "x-forwarded-for": clientIp };
  const page = await browser.get("/admin/forgot-password", headers);
  return browser.post("/admin/forgot-password", { _csrf: formToken(page.body), email }, headers);
}

/** The answer without what differs between any two answers (nonces, tokens, times). */
const shape = (response: TestResponse) => ({
  status: response.status,
  cookies: ([] as string[])
    .concat(response.headers["set-cookie"] ?? [])
    .map((c) => c.replace(/=[^;]*/, "=…")),
  body: response.body
    .replace(/nonce="[^"]*"/g, 'nonce="…"')
    .replace(/\d{9,12}\.[A-Za-z0-9_-]{43}/g, "token"),
});

describe("asking for a reset link", () => {
  it("answers before the e-mail is sent: a mail server that holds the message does not hold the answer", async () => {
    const email = demoAccount("dealership_manager", "lone-star-autos-austin").email;
    let answer: TestResponse | null = null;
    void ask(email, "198.51.100.40").then((response) => (answer = response));
    // The link's e-mail has reached the mail server, which holds it...
    await expect.poll(() => smtp.inFlight, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    // ...and the answer has come all the same.
    await expect.poll(() => answer?.status ?? null, { timeout: 5_000 }).toBe(200);
    expect(answer!.body).toContain("If an account uses this address");
    expect(smtp.messages).toHaveLength(0);
  });

  it("gives an address with an account and one without the same answer", async () => {
    const known = await ask(
      demoAccount("sales_staff", "coastal-kia-southport").email,
      "198.51.100.41",
    );
    const unknown = await ask("nobody-at-all@example.com", "198.51.100.42");
    expect(shape(known)).toEqual(shape(unknown));
    expect(known.body).toContain("If an account uses this address");
  });
});
