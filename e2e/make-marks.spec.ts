/** Makes on the home page's range and the search filter: a logo the site supplies, else a wordmark. */
import { expect, hydrated, test } from "./support/fixtures";

test("shows each make as a wordmark of its name, in the brand colour where the site asks", async ({
  page,
  siteUrl,
  siteBySlug,
  axe,
  pageErrors,
}) => {
  const site = siteBySlug("harbour-auto-group");
  expect(site.settings.makeMarks.colour).toBe("brand");
  await page.goto(siteUrl(site.slug, site.settings.defaultSearchPath));
  await hydrated(page);
  const filter = page.locator("fieldset").filter({ has: page.locator('input[name="make"]') });
  const marks = filter.locator(".make-mark").filter({ visible: true });
  expect(await marks.count()).toBeGreaterThan(3);
  for (const mark of await marks.all()) {
    const name = (await mark.textContent()) ?? "";
    // The whole name, not initials, and the checkbox is named by it.
    expect(name.length, name).toBeGreaterThan(2);
    await expect(
      filter.getByRole("checkbox", { name: new RegExp(`^${name}\\b`) }).first(),
    ).toBeAttached();
    // The same box for every make, inside its card.
    const box = (await mark.boundingBox())!;
    expect(Math.round(box.height)).toBe(40);
  }
  const brand = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--brand"),
  );
  const colour = await marks.first().evaluate((el) => getComputedStyle(el).color);
  const expected = await page.evaluate((c) => {
    const probe = document.createElement("span");
    probe.style.color = c;
    document.body.append(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    return rgb;
  }, brand.trim());
  expect(colour).toBe(expected);
  expect(await axe()).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("shows the make logo a site supplies on the home page and in the search filter", async ({
  page,
  siteUrl,
  siteBySlug,
  pageErrors,
}) => {
  const site = siteBySlug("coastal-kia");
  const logo = site.settings.makeMarks.logos["kia"];
  expect(logo).toBeTruthy();
  await page.goto(siteUrl(site.slug));
  await hydrated(page);
  if (await page.getByRole("dialog").isVisible()) await page.keyboard.press("Escape");
  const range = page.getByRole("region", { name: "Our Range" });
  await expect(range.locator(`img[src="${logo}"]`)).toHaveCount(1);
  await expect(range.getByRole("heading", { name: "Kia", exact: true })).toBeVisible();
  await page.goto(siteUrl(site.slug, site.settings.defaultSearchPath));
  await hydrated(page);
  const card = page
    .locator("label")
    .filter({ has: page.locator('input[name="make"][value="Kia"]') });
  await expect(card.locator(`img[src="${logo}"]`)).toBeVisible();
  await expect(card.locator(".make-mark")).toHaveCount(0);
  await expect(card.getByText("Kia", { exact: true })).toBeVisible();
  expect(pageErrors).toEqual([]);
});
