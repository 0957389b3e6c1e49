/**
 * The CSRF token of the forms used signed out (sign-in, forgot password, choose a password;
 * docs/product/back-office.md, "Forms"): the form must carry the platform's signature of the
 * browser's cookie value. A value the browser holds that the platform did not sign (planted by
 * another site under the same domain, say) is refused, whatever the form sends with it; so is a
 * token signed for another browser's cookie. The page's own token works.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_STAFF_PASSWORD } from "~/server/db/seed/seed-staff";
import type { RunningServer } from "~/server/start";
import { startTestServer } from "../support/test-server";
import { demoAccount, formToken, staffClient } from "../support/staff";

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const FORMS = [
  {
    path: "/admin/sign-in",
    fields: () => ({ email: demoAccount("platform_admin").email, password: DEMO_STAFF_PASSWORD }),
  },
  { path: "/admin/forgot-password", fields: () => ({ email: demoAccount("group_admin").email }) },
  {
    path: "/admin/set-password?token=not-a-real-link",
    fields: () => ({ password: "a-long-new-password", confirm: "a-long-new-password" }),
  },
] as const;

describe("the signed-out forms' CSRF token", () => {
  it("refuses a cookie value the platform did not sign, sent back as the form's token", async () => {
    for (const { path, fields } of FORMS)
      for (const planted of ["x".repeat(43), "attacker-chosen-value-1234567890"]) {
        const browser = staffClient(server, "localhost", { staff_sign_in: planted });
        const response = await browser.post(path, { _csrf: planted, ...fields() });
        expect(response.status, `${path} ${planted}`).toBe(403);
        expect(response.body).toContain("The sign-in form expired.");
        expect(browser.session).toBeNull();
      }
  });

  it("refuses a token signed for another browser's cookie", async () => {
    const attacker = staffClient(server);
    const victim = staffClient(server);
    for (const { path, fields } of FORMS) {
      const theirs = formToken((await attacker.get("/admin/sign-in")).body);
      await victim.get(path);
      expect(victim.cookies.staff_sign_in).not.toBe(attacker.cookies.staff_sign_in);
      const response = await victim.post(path, { _csrf: theirs, ...fields() });
      expect(response.status, path).toBe(403);
    }
    expect(victim.session).toBeNull();
  });

  it("accepts the page's own token, which is not the cookie's value", async () => {
    const browser = staffClient(server);
    const page = await browser.get("/admin/sign-in");
    const token = formToken(page.body);
    expect(token).not.toBe(browser.cookies.staff_sign_in);
    const response = await browser.post("/admin/sign-in", {
      _csrf: token,
      email: demoAccount("sales_staff").email,
      password: DEMO_STAFF_PASSWORD,
    });
    expect(response.status).toBe(302);
    expect(browser.session).toBeTruthy();
  });
});
