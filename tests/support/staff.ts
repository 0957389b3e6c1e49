/**
 * Back office clients for HTTP tests: `signInAs(server, role)` signs a demo account in through
 * the real sign-in form and returns a client that sends its session cookie and, on every POST,
 * its CSRF token. `staffClient(server, host)` is the same client signed out.
 */
import { and, eq } from "drizzle-orm";
import { hashToken } from "~/server/admin/sessions";
import { demoStaffAccounts, DEMO_STAFF_PASSWORD } from "~/server/db/seed/seed-staff";
import { staffSessions, staffUsers } from "~/server/db/schema";
import type { StaffRole } from "~/domain/staff";
import type { RunningServer } from "~/server/start";
import { fetchWithHost } from "./test-server";
import type { TestResponse } from "./test-server";

export const PLATFORM_HOST = "localhost";

export type StaffClient = {
  host: string;
  /** The session cookie's value (null when signed out). */
  session: string | null;
  /** This session's CSRF token ("" when signed out). */
  csrf: string;
  get(path: string, headers?: Record<string, string>): Promise<TestResponse>;
  /** A form post; `_csrf` is added unless `fields` names it (null leaves it out). */
  post(
    path: string,
    fields: Record<string, string | null>,
    headers?: Record<string, string>,
  ): Promise<TestResponse>;
};

function cookieValue(response: TestResponse, name: string): string | null {
  const cookies = response.headers["set-cookie"] ?? [];
  for (const cookie of Array.isArray(cookies) ? cookies : [cookies]) {
    const [pair] = cookie.split(";");
    const [key, ...value] = pair!.split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return null;
}

/** The demo account of a role, optionally of one dealership (by its slug). */
export function demoAccount(role: StaffRole, dealershipSlug?: string) {
  const account = demoStaffAccounts().find(
    (a) => a.role === role && (!dealershipSlug || a.dealershipSlug === dealershipSlug),
  );
  if (!account) throw new Error(`No demo account for ${role} ${dealershipSlug ?? ""}`);
  return account;
}

export function staffClient(
  server: RunningServer,
  host = PLATFORM_HOST,
  cookies: Record<string, string> = {},
): StaffClient & { cookies: Record<string, string> } {
  const jar = { ...cookies };
  const cookieHeader = () =>
    Object.entries(jar)
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join("; ");
  const remember = (response: TestResponse) => {
    for (const name of ["staff_session", "staff_sign_in"]) {
      const value = cookieValue(response, name);
      if (value !== null) jar[name] = value;
    }
    return response;
  };
  const client = {
    host,
    cookies: jar,
    get session() {
      return jar.staff_session || null;
    },
    csrf: "",
    async get(path: string, headers: Record<string, string> = {}) {
      return remember(
        await fetchWithHost(server, host, path, {
          headers: { cookie: cookieHeader(), ...headers },
        }),
      );
    },
    async post(
      path: string,
      fields: Record<string, string | null>,
      headers: Record<string, string> = {},
    ) {
      const body = new URLSearchParams();
      const all = "_csrf" in fields ? fields : { _csrf: client.csrf, ...fields };
      for (const [k, v] of Object.entries(all)) if (v !== null) body.set(k, v);
      return remember(
        await fetchWithHost(server, host, path, {
          method: "POST",
          headers: {
            cookie: cookieHeader(),
            "content-type": "application/x-www-form-urlencoded",
            ...headers,
          },
          body: body.toString(),
        }),
      );
    },
  };
  return client;
}

/** The sign-in form's CSRF token, from its page. */
export function formToken(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error("No CSRF field on the page");
  return match[1]!;
}

/**
 * Signs in a demo account (by role, or by e-mail) through the sign-in form on `host` (the
 * platform host by default; `{slug}.localhost` for a site's back office).
 */
export async function signInAs(
  server: RunningServer,
  who: StaffRole | { email: string; password?: string },
  options: { host?: string; dealershipSlug?: string; clientIp?: string } = {},
): Promise<StaffClient> {
  const email =
    typeof who === "string" ? demoAccount(who, options.dealershipSlug).email : who.email;
  const password =
    typeof who === "string" ? DEMO_STAFF_PASSWORD : (who.password ?? DEMO_STAFF_PASSWORD);
  const client = staffClient(server, options.host ?? PLATFORM_HOST);
  const headers: Record<string, string> = options.clientIp
    ? { "x-forwarded-for": options.clientIp }
    : {};
  const page = await client.get("/admin/sign-in", headers);
  const response = await client.post(
    "/admin/sign-in",
    { _csrf: formToken(page.body), email, password },
    headers,
  );
  if (response.status !== 302 || !client.session)
    throw new Error(
      `Sign-in of ${email} failed: ${response.status} ${response.body.slice(0, 200)}`,
    );
  client.csrf = await sessionCsrf(server, client.session);
  return client;
}

/** The CSRF token of a session (what its pages put in their forms). */
async function sessionCsrf(server: RunningServer, token: string): Promise<string> {
  const [row] = await server.database.db
    .select({ csrf: staffSessions.csrfToken })
    .from(staffSessions)
    .where(eq(staffSessions.tokenHash, hashToken(token)));
  if (!row) throw new Error("No session for the token");
  return row.csrf;
}

/** The id of a demo account (to check what a test changed). */
export async function staffIdOf(server: RunningServer, email: string): Promise<number> {
  const [row] = await server.database.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.email, email)));
  if (!row) throw new Error(`No staff account ${email}`);
  return row.id;
}
