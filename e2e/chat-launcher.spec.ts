/**
 * The chat launcher on a phone (decision 060): a dock at the screen's foot that nothing a shopper
 * must reach lies under, on the results page and a form page of the US demo site; and its
 * 'leave a message' form sends to the lead base of the site's mode (/mock in test mode).
 */
import { eq } from "drizzle-orm";
import { leads, testLeads } from "~/server/db/schema";
import type { SiteSettings } from "~/domain/site-settings";
import { expect, hydrated, test } from "./support/fixtures";
import { controlsCoveredAtFoot } from "./support/screen-foot";
import { withSettings } from "./support/site-settings";

const PHONE = { width: 390, height: 844 };

for (const [name, path] of [
  ["the results page", (s: SiteSettings) => s.defaultSearchPath],
  ["a form page", () => "/contact"],
] as const) {
  test(`at 390 px the chat launcher covers no control of ${name} scrolled to`, async ({
    page,
    siteUrl,
    siteBySlug,
    pageErrors,
  }) => {
    const site = siteBySlug("lone-star-autos");
    await page.setViewportSize(PHONE);
    await page.goto(siteUrl(site.slug, path(site.settings)));
    await hydrated(page);
    const launcher = page.getByRole("button", { name: "Chat with us" });
    await expect(launcher).toBeVisible();
    const box = (await launcher.boundingBox())!;
    // A tap target of 44 px at least, inside the screen.
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const { checked, covered } = await controlsCoveredAtFoot(page);
    expect(checked).toBeGreaterThan(10);
    expect(covered).toEqual([]);
    if (name === "a form page") {
      // The phone field is among them, and typing into it takes the launcher away.
      await page
        .locator("main")
        .getByLabel(/^Phone/)
        .first()
        .focus();
      await expect(launcher).toBeHidden();
    }
    expect(pageErrors).toEqual([]);
  });
}

test("the chat's message form sends to /mock on a site in test mode, and to /api otherwise", async ({
  page,
  server,
  siteUrl,
  pageErrors,
}) => {
  const send = async (email: string) => {
    await page.goto(siteUrl("lone-star-autos", "/"));
    await hydrated(page);
    await page.getByRole("button", { name: "Chat with us" }).click();
    const dialog = page.getByRole("dialog", { name: "Leave us a message" });
    await dialog.getByLabel("First Name").fill("Robin");
    await dialog.getByLabel("Last Name").fill("Hale");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Phone").fill("(512) 555-0100");
    await dialog.getByLabel("Message").fill("Is the truck still there?");
    const posted = page.waitForRequest((r) => r.method() === "POST" && r.url().includes("/leads"));
    await dialog.getByRole("button", { name: "Send message" }).click();
    await expect(dialog.getByRole("status").getByText("Thanks, Robin.")).toBeVisible();
    return new URL((await posted).url()).pathname;
  };

  await withSettings(server, "lone-star-autos", { leadApiMode: "mock" }, async () => {
    expect(await send("robin.mock@example.com")).toBe("/mock/leads");
    const kept = await server.database.db.select().from(testLeads);
    expect(kept.some((l) => JSON.stringify(l).includes("robin.mock@example.com"))).toBe(true);
  });
  expect(await send("robin.live@example.com")).toBe("/api/leads");
  const stored = await server.database.db
    .select()
    .from(leads)
    .where(eq(leads.email, "robin.live@example.com"));
  expect(stored).toHaveLength(1);
  expect(pageErrors).toEqual([]);
});
