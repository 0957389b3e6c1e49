/**
 * Back office sign-in over HTTP (docs/product/back-office.md, "Signing in"): the form, wrong
 * passwords, the lock-out per account and per client, a new session token at every sign-in,
 * sign-out (here and everywhere), CSRF on every post, and the scope by host.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SIGN_IN_LIMITS } from "~/server/admin/sign-in-throttle";
import { hashToken } from "~/server/admin/sessions";
import { staffSessions } from "~/server/db/schema";
import { DEMO_STAFF_PASSWORD } from "~/server/db/seed/seed-staff";
import type { RunningServer } from "~/server/start";
import { startTestServer } from "../support/test-server";
import { demoAccount, formToken, signInAs, staffClient, staffIdOf } from "../support/staff";

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function attempt(email: string, password: string, clientIp: string) {
  const client = staffClient(server);
  const headers = { "x-forwarded-for": clientIp };
  const page = await client.get("/admin/sign-in", headers);
  return client.post("/admin/sign-in", { _csrf: formToken(page.body), email, password }, headers);
}

describe("Signing in", () => {
  it("sends a signed-out visitor to the sign-in page, which is not cached", async () => {
    const client = staffClient(server);
    const leads = await client.get("/admin/leads?status=new");
    expect(leads.status).toBe(302);
    expect(leads.headers.location).toBe("/admin/sign-in?next=%2Fadmin%2Fleads%3Fstatus%3Dnew");
    const page = await client.get("/admin/sign-in");
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.body).toContain("Sign in to the back office");
    expect(page.body).toMatch(/<input[^>]+name="email"/);
  });

  it("signs in with the demo password, sets a secure-flagged-when-https httpOnly cookie and opens the inbox", async () => {
    const manager = demoAccount("dealership_manager", "harbour-toyota");
    const client = staffClient(server);
    const page = await client.get("/admin/sign-in?next=/admin/audit");
    const response = await client.post("/admin/sign-in?next=/admin/leads", {
      _csrf: formToken(page.body),
      email: manager.email.toUpperCase(),
      password: DEMO_STAFF_PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe("/admin/leads");
    const cookie = ([] as string[])
      .concat(response.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("staff_session="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/admin/);
    const inbox = await client.get("/admin/leads");
    expect(inbox.status).toBe(200);
    expect(inbox.body).toContain("Harbour Toyota Manager");
    expect(inbox.headers["cache-control"]).toBe("private, no-store");
  });

  it("answers a wrong password, an unknown account and empty fields with messages, and signs no one in", async () => {
    const wrong = await attempt(
      demoAccount("sales_staff").email,
      "not-the-password",
      "198.51.100.1",
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain("The e-mail address or password is not correct.");
    const unknown = await attempt("nobody@example.com", DEMO_STAFF_PASSWORD, "198.51.100.1");
    expect(unknown.status).toBe(401);
    expect(unknown.body).toContain("The e-mail address or password is not correct.");
    const empty = await attempt("", "", "198.51.100.1");
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("Enter your e-mail address.");
    expect(empty.body).toContain("Enter your password.");
    const malformed = await attempt("not an address", "x", "198.51.100.1");
    expect(malformed.body).toContain("Enter an e-mail address like name@example.com.");
    for (const response of [wrong, unknown, empty, malformed])
      expect(response.headers["set-cookie"] ?? []).not.toContainEqual(
        expect.stringMatching(/^staff_session=[^;]+/),
      );
  });

  it("locks an account out for the client guessing it, even with the right password, and not elsewhere", async () => {
    const email = demoAccount("dealership_manager", "harbour-mazda").email;
    for (let i = 0; i < SIGN_IN_LIMITS.accountPerClient; i++) {
      const response = await attempt(email, `wrong-${i}`, "203.0.113.1");
      expect(response.status).toBe(401);
    }
    const locked = await attempt(email, DEMO_STAFF_PASSWORD, "203.0.113.1");
    expect(locked.status).toBe(429);
    expect(locked.body).toContain("Too many failed attempts.");
    // The owner, from another client, signs in; so does another account from the same client.
    expect((await attempt(email, DEMO_STAFF_PASSWORD, "203.0.113.99")).status).toBe(302);
    await expect(
      signInAs(server, "dealership_manager", {
        dealershipSlug: "harbour-ford",
        clientIp: "203.0.113.1",
      }),
    ).resolves.toBeTruthy();
  });

  it("locks a client out after repeated failures across accounts", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < SIGN_IN_LIMITS.client; i++)
      await attempt(`guess-${i}@example.com`, "wrong-password", ip);
    const locked = await attempt(demoAccount("group_admin").email, DEMO_STAFF_PASSWORD, ip);
    expect(locked.status).toBe(429);
    // The same account from another client signs in.
    const elsewhere = await attempt(
      demoAccount("group_admin").email,
      DEMO_STAFF_PASSWORD,
      "192.0.2.78",
    );
    expect(elsewhere.status).toBe(302);
  });

  it("refuses a sign-in post without the form's token (login CSRF)", async () => {
    const client = staffClient(server);
    await client.get("/admin/sign-in");
    const response = await client.post("/admin/sign-in", {
      _csrf: "forged-token-forged-token-forged",
      email: demoAccount("platform_admin").email,
      password: DEMO_STAFF_PASSWORD,
    });
    expect(response.status).toBe(403);
    expect(response.body).toContain("The sign-in form expired.");
    expect(client.session).toBeNull();
  });
});

describe("Sessions", () => {
  it("gives a new token at sign-in: a planted session cookie is not adopted (no fixation)", async () => {
    const victim = await signInAs(server, "sales_staff");
    // An attacker's own session token, planted in a browser before its owner signs in.
    const attacker = await signInAs(server, "platform_admin");
    const planted = attacker.session!;
    const browser = staffClient(server, "localhost", { staff_session: planted });
    const page = await browser.get("/admin/sign-in");
    expect(page.status).toBe(302); // already signed in (as the planted session)
    const fresh = staffClient(server, "localhost", { staff_session: "attacker-chosen-value" });
    const form = await fresh.get("/admin/sign-in");
    await fresh.post("/admin/sign-in", {
      _csrf: formToken(form.body),
      email: demoAccount("sales_staff").email,
      password: DEMO_STAFF_PASSWORD,
    });
    expect(fresh.session).not.toBe("attacker-chosen-value");
    expect(fresh.session).not.toBe(planted);
    const [row] = await server.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, hashToken("attacker-chosen-value")));
    expect(row).toBeUndefined();
    expect(victim.session).not.toBe(fresh.session);
  });

  it("stores only a hash of the session token", async () => {
    const client = await signInAs(server, "group_admin");
    const rows = await server.database.db.select().from(staffSessions);
    expect(rows.some((r) => r.tokenHash === client.session)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashToken(client.session!))).toBe(true);
  });

  it("refuses a post without this session's CSRF token and changes nothing", async () => {
    const client = await signInAs(server, "dealership_manager", {
      dealershipSlug: "harbour-trucks",
    });
    for (const token of [null, "", "x".repeat(43)]) {
      const response = await client.post("/admin/sign-out", { _csrf: token, everywhere: "yes" });
      expect(response.status).toBe(403);
      expect(response.body).toContain("This form has expired.");
    }
    expect((await client.get("/admin/leads")).status).toBe(200);
  });

  it("refuses a cross-site post before it reaches the form", async () => {
    const client = await signInAs(server, "dealership_manager", {
      dealershipSlug: "harbour-trucks",
    });
    const response = await client.post(
      "/admin/sign-out",
      { everywhere: "yes" },
      { origin: "https://attacker.example", "sec-fetch-site": "cross-site" },
    );
    expect(response.status).toBe(403);
    expect((await client.get("/admin/leads")).status).toBe(200);
  });

  it("signs out this browser, or everywhere", async () => {
    const email = demoAccount("sales_staff", "coastal-kia-southport").email;
    const id = await staffIdOf(server, email);
    const a = await signInAs(server, { email });
    const b = await signInAs(server, { email });
    const c = await signInAs(server, { email });
    const out = await a.post("/admin/sign-out", {});
    expect(out.status).toBe(302);
    expect(out.headers.location).toBe("/admin/sign-in");
    expect(
      (await staffClient(server, "localhost", { staff_session: a.session! }).get("/admin/leads"))
        .status,
    ).toBe(302);
    expect((await b.get("/admin/leads")).status).toBe(200);
    const everywhere = await b.post("/admin/sign-out", { everywhere: "yes" });
    expect(everywhere.status).toBe(302);
    expect((await c.get("/admin/leads")).status).toBe(302);
    const left = await server.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffUserId, id));
    expect(left).toHaveLength(0);
  });
});

describe("Hosts", () => {
  it("serves the back office on a site's host to that site's staff, and refuses other groups' accounts there", async () => {
    const manager = await signInAs(server, "dealership_manager", {
      host: "harbour-auto-group.localhost",
      dealershipSlug: "harbour-toyota",
    });
    const inbox = await manager.get("/admin/leads");
    expect(inbox.status).toBe(200);
    expect(inbox.body).not.toContain('class="site-header');
    const other = staffClient(server, "coastal-kia.localhost");
    const page = await other.get("/admin/sign-in");
    const refused = await other.post("/admin/sign-in", {
      _csrf: formToken(page.body),
      email: demoAccount("group_admin").email,
      password: DEMO_STAFF_PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("This account does not give access to this site");
    // A session of the platform host is not a session of a site's host (the cookie is per host);
    // and a cookie carried over is checked against the host's reach.
    const carried = staffClient(server, "coastal-kia.localhost", {
      staff_session: manager.session!,
    });
    expect((await carried.get("/admin/leads")).status).toBe(403);
  });
});
