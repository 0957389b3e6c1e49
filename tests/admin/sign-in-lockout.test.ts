/**
 * The sign-in lock-out over HTTP (docs/product/back-office.md, "Signing in"), seen from outside:
 * parallel wrong guesses get no more password checks ("not correct" answers) than the limits,
 * the rest are refused as locked; an account is locked against the client guessing it, not
 * against its owner (another client, a known device of the account, and a reset link still
 * work); reset requests never lock anyone out of signing in. The same with two web nodes
 * counting in one Redis (TEST_REDIS_URL; skipped with a notice without it).
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "~/server/admin/sign-in-throttle";
import { DEMO_STAFF_PASSWORD } from "~/server/db/seed/seed-staff";
import type { RunningServer } from "~/server/start";
import { SmtpSink } from "../leads/support/smtp-sink";
import { startTestServer } from "../support/test-server";
import { demoAccount, formToken, staffClient } from "../support/staff";

const WRONG = "The e-mail address or password is not correct.";
const LOCKED = "Too many failed attempts.";

/**
 * `count` sign-in posts sent at once from one client (one browser's form), spread over the
 * given nodes; how many were checked (401, "not correct") and how many refused as locked (429).
 */
async function parallelGuesses(
  nodes: RunningServer[],
  clientIp: string,
  emailOf: (i: number) => string,
  count = 30,
) {
  const headers = { "x-forwarded-for": clientIp };
  const browsers = nodes.map((node) => staffClient(node));
  const tokens = await Promise.all(
    browsers.map(async (b) => formToken((await b.get("/admin/sign-in", headers)).body)),
  );
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) => {
      const n = i % nodes.length;
      return browsers[n]!.post(
        "/admin/sign-in",
        { _csrf: tokens[n]!, email: emailOf(i), password: `wrong-guess-${i}` },
        headers,
      );
    }),
  );
  return {
    checked: answers.filter((a) => a.status === 401 && a.body.includes(WRONG)).length,
    locked: answers.filter((a) => a.status === 429 && a.body.includes(LOCKED)).length,
    other: answers.filter((a) => a.status !== 401 && a.status !== 429).map((a) => a.status),
  };
}

/** Signs in from a client (and browser cookies); the answer's status. */
async function signIn(
  server: RunningServer,
  email: string,
  clientIp: string,
  cookies: Record<string, string> = {},
  password = DEMO_STAFF_PASSWORD,
) {
  const browser = staffClient(server, "localhost", cookies);
  const headers = { "x-forwarded-for": clientIp };
  const page = await browser.get("/admin/sign-in", headers);
  const answer = await browser.post(
    "/admin/sign-in",
    { _csrf: formToken(page.body), email, password },
    headers,
  );
  const device = ([] as string[])
    .concat(answer.headers["set-cookie"] ?? [])
    .find((c) => c.startsWith("staff_device="));
  return {
    status: answer.status,
    body: answer.body,
    device: device ? decodeURIComponent(device.split(";")[0]!.slice("staff_device=".length)) : null,
  };
}

function lockOutCases(nodes: () => RunningServer[]) {
  it("checks at most the account's limit of 30 parallel wrong passwords from one client", async () => {
    const email = demoAccount("dealership_manager", "harbour-mazda").email;
    const result = await parallelGuesses(nodes(), `203.0.113.${10 + nodes().length}`, () => email);
    expect(result.other).toEqual([]);
    expect(result.checked).toBe(SIGN_IN_LIMITS.accountPerClient);
    expect(result.locked).toBe(30 - SIGN_IN_LIMITS.accountPerClient);
  });

  it("checks at most the client's limit of 30 parallel wrong passwords across accounts", async () => {
    const result = await parallelGuesses(
      nodes(),
      `198.51.100.${20 + nodes().length}`,
      (i) => `guess-${i}-${randomUUID()}@example.com`,
    );
    expect(result.other).toEqual([]);
    expect(result.checked).toBe(SIGN_IN_LIMITS.client);
    expect(result.locked).toBe(30 - SIGN_IN_LIMITS.client);
  });
}

describe("the lock-out in one process", () => {
  let server: RunningServer;
  const smtp = new SmtpSink();
  beforeAll(async () => {
    await smtp.start();
    server = await startTestServer({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await server?.close();
    await smtp.stop();
  });

  lockOutCases(() => [server]);

  it("locks the guessing client out of an account, not its owner elsewhere or on a known device", async () => {
    const email = demoAccount("dealership_manager", "harbour-ford").email;
    const office = "192.0.2.50";
    // The owner signed in before from the office: that browser is a known device.
    const earlier = await signIn(server, email, office);
    expect(earlier.status).toBe(302);
    expect(earlier.device).toBeTruthy();
    // Someone behind the same office address guesses until locked.
    const guesses = await parallelGuesses([server], office, () => email);
    expect(guesses.checked).toBe(SIGN_IN_LIMITS.accountPerClient);
    const lockedHere = await signIn(server, email, office);
    expect(lockedHere.status).toBe(429);
    expect(lockedHere.body).toContain("or reset your password");
    // The owner's known device signs in, from the very same address.
    expect((await signIn(server, email, office, { staff_device: earlier.device! })).status).toBe(
      302,
    );
    // As does the owner from another address.
    expect((await signIn(server, email, "192.0.2.51")).status).toBe(302);
    // A device cookie of another account, or a forged one, is no known device of this one.
    const other = await signIn(server, demoAccount("group_admin").email, "192.0.2.52");
    expect(other.status).toBe(302);
    for (const device of [other.device!, `${"a".repeat(22)}.${"b".repeat(43)}`])
      expect((await signIn(server, email, office, { staff_device: device })).status).toBe(429);
  });

  it("keeps a known device's failures on a counter of its own, bounded", async () => {
    const email = demoAccount("dealership_manager", "coastal-kia-southport").email;
    const first = await signIn(server, email, "192.0.2.60");
    const device = { staff_device: first.device! };
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.accountPerDevice; i++)
      statuses.push((await signIn(server, email, "192.0.2.60", device, `wrong-${i}`)).status);
    expect(statuses).toEqual([
      ...Array.from({ length: SIGN_IN_LIMITS.accountPerDevice }, () => 401),
      429,
    ]);
    // The device's failures lock neither the address's other attempts nor other devices.
    expect((await signIn(server, email, "192.0.2.60")).status).toBe(302);
  });

  it("a reset link works while the account is locked, and ends that client's lock", async () => {
    const email = demoAccount("dealership_manager", "southern-motors-christchurch").email;
    const home = "192.0.2.70";
    await parallelGuesses([server], home, () => email, SIGN_IN_LIMITS.accountPerClient);
    expect((await signIn(server, email, home)).status).toBe(429);
    const browser = staffClient(server);
    const headers = { "x-forwarded-for": home };
    const form = await browser.get("/admin/forgot-password", headers);
    const asked = await browser.post(
      "/admin/forgot-password",
      { _csrf: formToken(form.body), email },
      headers,
    );
    expect(asked.status).toBe(200);
    await smtp.waitFor(() => smtp.messages.some((m) => m.to.includes(email)));
    const raw = smtp.messages.find((m) => m.to.includes(email))!.raw;
    const unfolded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = /\/admin\/set-password\?token=[A-Za-z0-9_-]+/.exec(unfolded)![0];
    const choose = await browser.get(link, headers);
    expect(choose.status).toBe(200);
    const chosen = await browser.post(
      link,
      {
        _csrf: formToken(choose.body),
        password: "a-new-password-here",
        confirm: "a-new-password-here",
      },
      headers,
    );
    expect(chosen.status).toBe(302);
    expect((await signIn(server, email, home, {}, "a-new-password-here")).status).toBe(302);
  });

  it("reset requests from an office's address do not lock its staff out of signing in", async () => {
    const office = "192.0.2.80";
    const headers = { "x-forwarded-for": office };
    const browser = staffClient(server);
    const form = await browser.get("/admin/forgot-password", headers);
    for (let i = 0; i < 30; i++) {
      const asked = await browser.post(
        "/admin/forgot-password",
        { _csrf: formToken(form.body), email: `colleague-${i}@example.com` },
        headers,
      );
      expect(asked.status).toBe(200);
    }
    expect(
      (await signIn(server, demoAccount("sales_staff", "harbour-toyota").email, office)).status,
    ).toBe(302);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL)
  console.warn("Skipping the lock-out in Redis: set TEST_REDIS_URL (redis://127.0.0.1:6379)");

describe.skipIf(!REDIS_URL)("the lock-out shared by two nodes through Redis", () => {
  const prefix = `test-${randomUUID()}:`;
  const nodes: RunningServer[] = [];
  beforeAll(async () => {
    const env = { REDIS_URL: REDIS_URL!, REDIS_KEY_PREFIX: prefix, LEAD_DELIVERY: "false" };
    nodes.push(...(await Promise.all([startTestServer(env), startTestServer(env)])));
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    const cleanup = new Redis(REDIS_URL!);
    const keys = await cleanup.keys(`${prefix}*`);
    if (keys.length > 0) await cleanup.del(...keys);
    await cleanup.quit();
  });

  lockOutCases(() => nodes);
});
