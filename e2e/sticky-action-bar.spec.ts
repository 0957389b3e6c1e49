/**
 * The vehicle page's action bar on phones (docs/product/vehicle-card-and-page.md, "The action bar
 * on phones"; decision 060), on a car site of each market, a motorcycle and a camper site: the
 * price by the price rule, Enquire to the form, Call with the site's phone masking, the chat
 * launcher in the bar rather than over it, nothing of the page under it, and none on desktop.
 */
import { isListed } from "~/domain/listing";
import { PHONE_REVEAL_PATH, maskPhone, phoneHref } from "~/domain/phone-reveal";
import { isPriceShown } from "~/domain/vehicle-price";
import type { Vehicle } from "~/domain/vehicle";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { loadVehicleDocuments } from "~/server/stock/vehicle-store";
import { fetchWithHost } from "~/tests/support/test-server";
import { expect, hydrated, test } from "./support/fixtures";
import { controlsCoveredAtFoot } from "./support/screen-foot";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const BAR = { name: "Price and contact" } as const;

async function listedWhere(
  server: RunningServer,
  site: Site,
  predicate: (v: Vehicle) => boolean,
): Promise<Vehicle | undefined> {
  const stock = await loadVehicleDocuments(server.database.db, { siteId: site.id });
  return stock.find(
    (v) =>
      predicate(v) &&
      isListed(v, site.settings, { manufacturer: site.manufacturer?.name ?? null }, Date.now()),
  );
}

for (const slug of [
  "harbour-auto-group",
  "lone-star-autos",
  "throttle-motorcycles",
  "outback-campers",
]) {
  test(`${slug}: a vehicle page at 390 px keeps price, Enquire and Call in a bar at the foot, covering nothing; at 1440 px there is none`, async ({
    page,
    server,
    siteUrl,
    siteBySlug,
    axe,
    pageErrors,
  }) => {
    const site = siteBySlug(slug);
    const vehicle = (await listedWhere(
      server,
      site,
      (v) => v.status === "in_stock" && !v.reserved && Boolean(v.location?.phone),
    ))!;
    expect(vehicle).toBeDefined();
    const path = vehiclePagePath(vehicle.slug, site.settings);
    const url = siteUrl(slug, path);

    // In the server's HTML: the bar takes its place with the first paint and moves nothing later.
    const { body } = await fetchWithHost(server, `${slug}.localhost`, path);
    expect(body).toContain('aria-label="Price and contact"');

    await page.setViewportSize(PHONE);
    await page.goto(url);
    await hydrated(page);
    const bar = page.getByRole("region", BAR);
    await expect(bar).toBeVisible();
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeCloseTo(PHONE.height, 0);
    // The price as the page gives it.
    const price = await page.getByTestId("vehicle-price").locator("p.text-3xl").innerText();
    await expect(bar).toContainText(price);

    // Call: the vehicle's location's number, masked until asked for where the site masks.
    const number = vehicle.location!.phone!;
    if (site.settings.phoneStartsRevealed) {
      await expect(bar.getByRole("link", { name: /^Call/ })).toHaveAttribute(
        "href",
        phoneHref(number, true)!,
      );
    } else {
      const call = bar.getByRole("button", { name: /^Call/ });
      await expect(call).toContainText(maskPhone(number));
      const recorded = page.waitForRequest(
        (r) => r.method() === "POST" && r.url().endsWith(PHONE_REVEAL_PATH),
      );
      await call.click();
      expect((await recorded).postDataJSON()).toMatchObject({ car_id: vehicle.id });
      await expect(bar.getByRole("link", { name: /^Call/ })).toHaveAttribute(
        "href",
        phoneHref(number, true)!,
      );
      await expect(bar.getByRole("link", { name: /^Call/ })).toBeFocused();
    }

    // Chat, where the site has it, is in the bar; the floating launcher steps aside.
    if (site.settings.chatEnabled) {
      await expect(page.locator(".chat-launcher-button")).toBeHidden();
      await bar.getByRole("button", { name: "Chat with us" }).click();
      const dialog = page.getByRole("dialog", { name: "Leave us a message" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Close" }).click();
    } else {
      await expect(bar.getByRole("button", { name: "Chat with us" })).toHaveCount(0);
    }

    const { checked, covered } = await controlsCoveredAtFoot(page);
    expect(checked).toBeGreaterThan(10);
    expect(covered).toEqual([]);

    // Enquire goes to the enquiry form, clear of the bar.
    await page.evaluate(() => window.scrollTo(0, 0));
    await bar.getByRole("link", { name: "Enquire" }).click();
    await expect(page).toHaveURL(/#send-enquiry$/);
    const heading = page.getByRole("heading", { name: /^Send an (enquiry|inquiry)$/ });
    await expect(heading).toBeInViewport();
    // The form is made live as it comes near (its heading rendered afresh): asked until it has.
    await expect
      .poll(async () => {
        const box = await heading.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height < barBox.y;
      })
      .toBe(true);

    expect(await axe()).toEqual([]);

    await page.setViewportSize(DESKTOP);
    await expect(bar).toBeHidden();
    expect(pageErrors).toEqual([]);
  });
}

test("the bar follows the price rule: 'Enquire for price' where the price is not shown", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
}) => {
  let found: { site: Site; vehicle: Vehicle } | null = null;
  for (const slug of ["harbour-auto-group", "coastal-kia", "lone-star-autos", "outback-campers"]) {
    const site = siteBySlug(slug);
    const vehicle = await listedWhere(
      server,
      site,
      (v) => v.status === "in_stock" && !isPriceShown(v.price),
    );
    if (vehicle) {
      found = { site, vehicle };
      break;
    }
  }
  expect(found, "a demo vehicle without a price shown").not.toBeNull();
  const { site, vehicle } = found!;
  await page.setViewportSize(PHONE);
  await page.goto(siteUrl(site.slug, vehiclePagePath(vehicle.slug, site.settings)));
  const bar = page.getByRole("region", BAR);
  await expect(bar).toContainText(/(Enquire|Inquire) for price/);
  await expect(bar).not.toContainText("$");
});
