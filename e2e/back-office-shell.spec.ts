/**
 * The back office shell in the browser: signing in and out, the navigation on a phone, and axe
 * on every page of the shell (docs/product/back-office.md).
 */
import { expect, test } from "./support/fixtures";
import { adminUrl, signInAs } from "./support/staff";

test("a group admin signs in, moves around the back office and signs out; axe finds nothing", async ({
  page,
  server,
  axe,
  pageErrors,
}) => {
  await page.goto(adminUrl(server, "/admin/sign-in"));
  expect(await axe()).toEqual([]);
  // A wrong password: the message, no session.
  await page.getByLabel("E-mail address").fill("admin@harbour-auto-group.example");
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "The e-mail address or password is not correct.",
  );
  expect(await axe()).toEqual([]);

  await signInAs(page, server, "group_admin");
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Back office" });
  for (const name of ["Leads", "Stock", "Settings", "Content", "Audit log"])
    await expect(nav.getByRole("link", { name })).toBeVisible();
  expect(await axe()).toEqual([]);

  await nav.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  expect(await axe()).toEqual([]);

  await page.getByRole("link", { name: "Harbour Auto Group Admin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  expect(await axe()).toEqual([]);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.goto(adminUrl(server, "/admin/leads"));
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=/);
  // The refused sign-in answers 401, which the browser logs; nothing else went wrong.
  expect(pageErrors.filter((e) => !e.includes("status of 401"))).toEqual([]);
});

test("sales staff on a phone: the navigation wraps, only their sections show", async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signInAs(page, server, "sales_staff", { siteSlug: "harbour-auto-group" });
  const nav = page.getByRole("navigation", { name: "Back office" });
  await expect(nav.getByRole("link", { name: "Leads" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Stock" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Audit log" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await context.close();
});
