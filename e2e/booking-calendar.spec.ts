/**
 * The booking calendar in Chromium (docs/product/bookings.md, "The time picker"): a shopper
 * picks a time by keyboard on a phone (an AU site) and by mouse on a desktop (the US site),
 * books it, and sees it as taken afterwards; the page has no axe violations.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures";

const calendar = (page: Page) => page.locator('[data-slot="booking-calendar"]');

/** A free time's radio, by its start instant. */
const freeTime = (page: Page, start: string) =>
  page.locator(`input[type="radio"][name="booking_time"][value="${start}"]`);

/** The chip of a time, free or taken, by its start instant. */
const chip = (page: Page, start: string) =>
  page.locator(`label[data-slot="booking-time"][data-start="${start}"]`);

async function fillPerson(page: Page, phone: string) {
  await page.getByLabel("First Name").fill("Riley");
  await page.getByLabel("Last Name").fill("Nguyen");
  await page.getByLabel("Email").fill(`riley.${Date.now().toString(36)}@example.com`);
  await page.getByLabel("Phone").fill(phone);
}

async function expectTaken(page: Page, start: string, name: RegExp) {
  const taken = chip(page, start);
  await expect(taken).toBeVisible();
  await expect(taken).toHaveAttribute("data-taken", "true");
  await expect(taken).toContainText("taken");
  await expect(page.getByRole("radio", { name })).toBeDisabled();
  await expect(freeTime(page, start)).toHaveCount(0);
}

/** The radio that has focus, and its start instant. */
async function focusedRadio(page: Page): Promise<{ radio: Locator; start: string }> {
  const start = await page.evaluate(() => {
    const el = document.activeElement;
    return el instanceof HTMLInputElement && el.type === "radio" ? el.value : "";
  });
  return { radio: freeTime(page, start), start };
}

test.describe("at 390 px on an AU site, by keyboard", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("moves to next week, picks a day and a time with the keys, books it; the time is then taken", async ({
    page,
    siteUrl,
    axe,
    pageErrors,
  }) => {
    await page.goto(siteUrl("coastal-kia", "/book-test-drive/"));
    await hydrated(page);
    await expect(calendar(page)).toBeVisible();
    expect(await axe()).toEqual([]);

    const previous = page.getByRole("button", { name: "Previous week" });
    const next = page.getByRole("button", { name: "Next week" });
    await expect(previous).toBeDisabled();
    const firstWeek = await calendar(page).locator("[aria-live]").first().textContent();

    // Next week, by keyboard: the week shown is announced.
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(previous).toBeEnabled();
    const announced = calendar(page).locator("[aria-live]").first();
    await expect(announced).not.toHaveText(firstWeek ?? "");
    await expect(announced).toContainText("Showing");

    // The day strip: the second day of the week with free times, chosen with Enter.
    const days = calendar(page)
      .getByRole("group", { name: "Choose a day", exact: true })
      .getByRole("button");
    const labels = await days.allTextContents();
    const openDays = labels.map((label, i) => ({ label, i })).filter((d) => /free$/.test(d.label));
    const day = openDays[1] ?? openDays[0]!;
    await days.nth(day.i).focus();
    await page.keyboard.press("Enter");
    await expect(days.nth(day.i)).toHaveAttribute("aria-pressed", "true");
    const column = calendar(page).locator("[data-date]:visible");
    await expect(column).toHaveCount(1);

    // Tab into the day's times, then arrows to the third free time.
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press("Tab");
      if ((await focusedRadio(page)).start) break;
    }
    const first = await focusedRadio(page);
    expect(first.start).not.toBe("");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    const picked = await focusedRadio(page);
    expect(picked.start).not.toBe(first.start);
    await expect(picked.radio).toBeChecked();
    await expect(picked.radio).toBeFocused();
    const label = (await picked.radio.getAttribute("aria-label"))!;
    // The date and time in words, in the site's words: 'Tuesday 1 December, 9:30am'.
    expect(label).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+, \d{1,2}:\d{2}(am|pm)$/);
    const [dayName, time] = label.split(", ") as [string, string];
    await expect(column.getByRole("radio", { name: label, exact: true })).toBeChecked();
    await expect(calendar(page)).toContainText(`Your time: ${dayName} at ${time}`);

    await fillPerson(page, "0411 222 333");
    await page.getByLabel("Phone").press("Enter");
    await expect(page).toHaveURL(/\/success\?category=test-drive-booking/);
    await expect(page.getByText("Your test drive is booked for")).toBeVisible();

    // Back on the calendar: the same time, in the same week and day, is taken.
    await page.goto(siteUrl("coastal-kia", "/book-test-drive/"));
    await hydrated(page);
    await page.getByRole("button", { name: "Next week" }).click();
    await calendar(page)
      .getByRole("group", { name: "Choose a day", exact: true })
      .getByRole("button")
      .nth(day.i)
      .click();
    await expectTaken(page, picked.start, new RegExp(`^${dayName}, ${time}, taken$`));
    expect(await axe()).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

test.describe("at 1440 px on the US site, by mouse", () => {
  test.use({ viewport: { width: 1440, height: 1000 } });

  test("shows the week as seven columns, picks a time with a click, books it; the time is then taken", async ({
    page,
    siteUrl,
    axe,
    pageErrors,
  }) => {
    await page.goto(siteUrl("lone-star-autos", "/book-test-drive/"));
    await hydrated(page);
    await expect(calendar(page)).toBeVisible();
    // The phone's day strip is not shown; every day of the week is a column.
    await expect(
      calendar(page).getByRole("group", { name: "Choose a day", exact: true }),
    ).toBeHidden();
    const columns = calendar(page).locator("[data-date]");
    await expect(columns).toHaveCount(7);
    for (const column of await columns.all()) await expect(column).toBeVisible();
    expect(await axe()).toEqual([]);

    // The third day with free times, its second free time; US words: 'Tuesday, December 1'.
    const open = calendar(page).locator("[data-date]:has(input[name='booking_time'])");
    const column = open.nth(2);
    const chosen = column.locator("label[data-slot='booking-time']:not([data-taken])").nth(1);
    const start = (await chosen.getAttribute("data-start"))!;
    await chosen.click();
    await expect(freeTime(page, start)).toBeChecked();
    const label = (await freeTime(page, start).getAttribute("aria-label"))!;
    expect(label).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{1,2}:\d{2}(am|pm)$/);

    await fillPerson(page, "(512) 555-0100");
    await page.getByRole("button", { name: "Book test drive" }).click();
    await expect(page).toHaveURL(/\/success\?category=test-drive-booking/);

    await page.goto(siteUrl("lone-star-autos", "/book-test-drive/"));
    await hydrated(page);
    await expectTaken(page, start, new RegExp(`^${label}, taken$`));
    expect(pageErrors).toEqual([]);
  });
});
