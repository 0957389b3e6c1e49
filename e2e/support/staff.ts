/**
 * Signing a demo back office account in, in the browser, through the sign-in form: on the
 * platform host by default (`http://localhost:{port}`), or on a site's host.
 */
import type { Page } from "@playwright/test";
import type { StaffRole } from "~/domain/staff";
import { DEMO_STAFF_PASSWORD } from "~/server/db/seed/seed-staff";
import type { RunningServer } from "~/server/start";
import { demoAccount } from "~/tests/support/staff";

/** The back office's address on the platform host, or on a site's host (`slug`). */
export function adminUrl(server: RunningServer, path = "/admin", slug?: string): string {
  return `http://${slug ? `${slug}.localhost` : "localhost"}:${server.port}${path}`;
}

/** Signs in and waits for the leads inbox (or the page `next` names). */
export async function signInAs(
  page: Page,
  server: RunningServer,
  role: StaffRole,
  options: { dealershipSlug?: string; siteSlug?: string; next?: string } = {},
): Promise<{ email: string }> {
  const { email } = demoAccount(role, options.dealershipSlug);
  const next = options.next ?? "/admin/leads";
  await page.goto(
    adminUrl(server, `/admin/sign-in?next=${encodeURIComponent(next)}`, options.siteSlug),
  );
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(DEMO_STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === next.split("?")[0]);
  return { email };
}
