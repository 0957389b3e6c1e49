/**
 * The vehicle detail page in Chromium: from the search page to a vehicle, the gallery by
 * keyboard, the phone reveal, the calculator, a similar vehicle, the 404 and sold cases, the
 * LCP element, and axe on a vehicle page of every demo site.
 */
import { repaymentSummary } from "~/domain/finance-calculator";
import { isListed } from "~/domain/listing";
import { formatAmount } from "~/domain/vehicle-price";
import type { Vehicle } from "~/domain/vehicle";
import { DEMO_SITES } from "~/server/db/seed/demo-sites";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { loadVehicleDocuments } from "~/server/stock/vehicle-store";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { leads } from "~/server/db/schema";
import { expect, hydrated, test } from "./support/fixtures";
import { vehiclePagePath } from "~/domain/vehicle-paths";

const stockOf = new WeakMap<RunningServer, Map<string, Promise<Vehicle[]>>>();

/** In stock and not reserved: its page carries the enquiry form. */
const canBeEnquiredAbout = (v: Vehicle) => v.status === "in_stock" && !v.reserved;

/** The first vehicle the site lists that matches. */
async function listedWhere(
  server: RunningServer,
  site: Site,
  predicate: (v: Vehicle) => boolean,
): Promise<Vehicle> {
  const sites = stockOf.get(server) ?? new Map<string, Promise<Vehicle[]>>();
  stockOf.set(server, sites);
  if (!sites.has(site.slug))
    sites.set(site.slug, loadVehicleDocuments(server.database.db, { siteId: site.id }));
  const stock = await sites.get(site.slug)!;
  const found = stock.find(
    (v) =>
      predicate(v) &&
      isListed(v, site.settings, { manufacturer: site.manufacturer?.name ?? null }, Date.now()),
  );
  if (!found) throw new Error(`no such vehicle on ${site.slug}`);
  return found;
}

const pathOf = (site: Site, v: Vehicle) => vehiclePagePath(v.slug, site.settings);

test("opens a vehicle from the search page; browses the gallery by keyboard; the first photo leads", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  pageErrors,
}) => {
  const site = siteBySlug("harbour-auto-group");
  await page.goto(siteUrl(site.slug, "/search"));
  await hydrated(page);
  const link = page.getByRole("article").first().getByRole("heading").getByRole("link");
  const href = (await link.getAttribute("href"))!;
  expect(href).toMatch(/^\/cars\/[A-Za-z0-9_-]+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Straight to a vehicle with 40 photos for the gallery.
  const vehicle = await listedWhere(server, site, (v) => v.images.length === 40);
  // The load event waits for the eager first photo, whose timing entry the check below reads.
  await page.goto(siteUrl(site.slug, pathOf(site, vehicle)));
  await hydrated(page);
  // Check what makes the first photo the LCP: it is the largest image in the first viewport,
  // eager, high priority, and fetched (through the resizer) before any other photo.
  const first = await page.evaluate(() => {
    const visible = [...document.images]
      .map((img) => ({ img, rect: img.getBoundingClientRect() }))
      .filter(({ rect }) => rect.bottom > 0 && rect.top < innerHeight && rect.width > 0);
    const largest = visible.sort(
      (a, b) => b.rect.width * b.rect.height - a.rect.width * a.rect.height,
    )[0]!.img;
    const photoRequests = performance
      .getEntriesByType("resource")
      .filter((e) => decodeURIComponent(e.name).includes("/media/vehicle/"))
      .sort((a, b) => a.startTime - b.startTime);
    return {
      alt: largest.alt,
      loading: largest.getAttribute("loading"),
      priority: largest.getAttribute("fetchpriority"),
      firstRequest: photoRequests[0]?.name ?? "",
      src: largest.currentSrc,
    };
  });
  expect(first.alt).toMatch(/photo 1 of 40$/);
  expect(first.loading).toBe("eager");
  expect(first.priority).toBe("high");
  expect(first.firstRequest).toBe(first.src);

  const photos = page.getByRole("region", { name: "Photos" });
  const counter = photos.locator("[aria-live]").first();
  await expect(counter).toHaveText("1 / 40");
  const main = photos.getByRole("button", { name: /photo 1 of 40\W+open full screen/ });
  await main.focus();
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText("2 / 40");
  await page.keyboard.press("End");
  await expect(counter).toHaveText("40 / 40");
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText("1 / 40");
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText("40 / 40");

  // Fullscreen viewer: opens on Enter, moves with the keys, Escape closes back to the photo.
  await page.keyboard.press("Home");
  await expect(counter).toHaveText("1 / 40");
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("dialog");
  await expect(viewer.locator("[aria-live]")).toContainText("1 / 40");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(viewer.locator("[aria-live]")).toContainText("3 / 40");
  await expect(viewer.getByRole("img")).toHaveAttribute("alt", /photo 3 of 40$/);
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(counter).toHaveText("3 / 40");
  await expect(page.locator(":focus")).toHaveAttribute("aria-haspopup", "dialog");

  // Thumbnails: lazy, one per photo once the page runs, and a click shows that photo.
  await expect(photos.getByRole("button", { name: /^Show photo \d+$/ })).toHaveCount(40);
  await photos.getByRole("button", { name: "Show photo 7" }).click();
  await expect(counter).toHaveText("7 / 40");

  // A swipe to the left shows the next photo, to the right the previous one.
  const stage = photos.locator("> div").first();
  const swipe = (fromX: number, toX: number) =>
    stage.evaluate(
      (el, [a, b]) => {
        const at = (type: string, x: number) =>
          el.dispatchEvent(
            new PointerEvent(type, {
              bubbles: true,
              pointerType: "touch",
              clientX: x,
              clientY: 300,
            }),
          );
        at("pointerdown", a!);
        at("pointerup", b!);
      },
      [fromX, toX],
    );
  await swipe(500, 380);
  await expect(counter).toHaveText("8 / 40");
  await swipe(380, 500);
  await expect(counter).toHaveText("7 / 40");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test("reveals the masked phone number on click and records the reveal", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  pageErrors,
}) => {
  const site = siteBySlug("harbour-auto-group");
  expect(site.settings.phoneStartsRevealed).toBe(false);
  const vehicle = await listedWhere(
    server,
    site,
    (v) => v.status === "in_stock" && v.location?.phone != null,
  );
  const phone = vehicle.location!.phone!;
  await page.goto(siteUrl(site.slug, pathOf(site, vehicle)));
  await hydrated(page);
  const masked = page.getByRole("button", { name: /Call .*X.* Show number/ });
  await expect(masked).not.toContainText(phone);
  const recorded = page.waitForResponse((r) => r.url().endsWith("/api/events/phone-reveal"));
  await masked.click();
  const response = await recorded;
  expect(response.status()).toBe(204);
  expect(JSON.parse(response.request().postData() ?? "{}")).toEqual({
    car_id: vehicle.id,
    dealership_id: vehicle.dealership_id,
    website_id: site.id,
  });
  const dial = page.getByRole("link", { name: `Call ${phone}` });
  await expect(dial).toHaveAttribute("href", `tel:${phone.replace(/[^\d+]/g, "")}`);
  await expect(dial).toBeFocused();
  expect(pageErrors).toEqual([]);
});

test("recalculates the repayments as the shopper types, then follows a similar vehicle", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  pageErrors,
}) => {
  const site = siteBySlug("harbour-auto-group");
  const vehicle = await listedWhere(
    server,
    site,
    (v) => v.status === "in_stock" && !v.reserved && v.price > 20_000,
  );
  await page.goto(siteUrl(site.slug, pathOf(site, vehicle)));
  await hydrated(page);
  const calculator = page.getByRole("region", { name: "Finance calculator" });
  const result = calculator.locator('[aria-live="polite"]');
  const expected = (deposit: number, frequency: "weekly" | "monthly", balloon = 0) =>
    formatAmount(
      repaymentSummary({
        principal: vehicle.price - deposit,
        annualRatePercent: 10,
        termMonths: 60,
        frequency,
        balloon,
      }).repayment,
      site.locale,
    );
  await expect(calculator.getByLabel("Vehicle price ($)")).toHaveValue(String(vehicle.price));
  await expect(calculator.getByLabel("Interest rate (% a year)")).toHaveValue("10");
  await expect(result).toContainText(expected(0, "weekly"));
  await calculator.getByLabel("Deposit or trade-in ($)").fill("5000");
  await expect(result).toContainText(expected(5000, "weekly"));
  await calculator.getByLabel("Repayments").selectOption("monthly");
  await calculator.getByLabel("Balloon payment ($)").fill("2000");
  await expect(result).toContainText(`${expected(5000, "monthly", 2000)} per month`);
  await expect(result).toContainText("not a quote or an offer of credit");

  // A similar vehicle: its own page, in the app (no full reload).
  const similar = page
    .getByRole("region", { name: "Similar vehicles" })
    .getByRole("heading")
    .getByRole("link")
    .first();
  const target = (await similar.getAttribute("href"))!;
  const title = (await similar.textContent()) ?? "";
  expect(target).toMatch(/^\/cars\//);
  expect(target).not.toBe(`/cars/${vehicle.slug}`);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await similar.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  // The address changes as the new page renders: wait for its heading.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title.trim());
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(pageErrors).toEqual([]);
});

test("sends an enquiry about the vehicle from the sidebar and lands on the success page", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  pageErrors,
}) => {
  const site = siteBySlug("harbour-auto-group");
  const vehicle = await listedWhere(server, site, canBeEnquiredAbout);
  await page.goto(siteUrl(site.slug, pathOf(site, vehicle)));
  await hydrated(page);
  const form = page.locator("#vehicle-enquiry");
  // An empty submit stays on the page and says what is missing.
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(form.getByText("*This is a required field.").first()).toBeVisible();
  await form.getByLabel("First name").fill("Alex");
  await form.getByLabel("Last name").fill("Driver");
  await form.getByLabel("Email").fill("alex@example.com");
  await form.getByLabel("Phone").fill("0412345678");
  await form.getByLabel("Message").fill(`Is the ${vehicle.make} ${vehicle.model} still available?`);
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/success");
  expect(new URL(page.url()).searchParams.get("car_id")).toBe(String(vehicle.id));
  expect(pageErrors).toEqual([]);
});

/**
 * Holds the enquiry form's code (its chunks) until the test lets it through; says whether the
 * page has asked for it.
 */
async function holdEnquiryCode(page: Page) {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  const asked: string[] = [];
  await page.route(/\/assets\/(enquiry-form|lead-form)-[^/]*\.js$/, async (route) => {
    asked.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, asked: () => asked.length > 0 };
}

test("keeps what is typed into the enquiry form before its code arrives, and sends it once it has", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  pageErrors,
}) => {
  const site = siteBySlug("harbour-auto-group");
  const vehicle = await listedWhere(server, site, canBeEnquiredAbout);
  const code = await holdEnquiryCode(page);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
  });
  await page.goto(siteUrl(site.slug, pathOf(site, vehicle)), { waitUntil: "networkidle" });
  // Nothing asks for the form's code until the shopper comes to the form.
  expect(code.asked()).toBe(false);
  const form = page.locator("#vehicle-enquiry");
  const message = `Is the ${vehicle.make} ${vehicle.model} still available? (typed early)`;
  await form.getByLabel("First name").fill("Early");
  // The page asks for the code as the shopper comes to the form; the request follows.
  await expect.poll(() => code.asked()).toBe(true);
  await form.getByLabel("Last name").fill("Typist");
  await form.getByLabel("Email").fill("early.typist@example.com");
  await form.getByLabel("Phone").fill("0412345678");
  await form.getByLabel("Message").fill(message);
  await form.getByLabel("Keep me up to date with news and offers").uncheck();
  // Sent before the code came: held, not posted as a plain form.
  await form.getByRole("button", { name: "Send enquiry" }).click();
  expect(posts).toEqual([]);
  await expect(form.getByLabel("Message")).toHaveValue(message);
  code.release();
  await expect(page).toHaveURL((url) => url.pathname === "/success");
  // Sent by the form's code (a fetcher's post to the route's data), not as a plain form.
  expect(posts.every((path) => path.endsWith(".data"))).toBe(true);
  const leadId = new URL(page.url()).searchParams.get("lead_id")!;
  // Leads are written in batches: the row follows the success page.
  let lead: typeof leads.$inferSelect | undefined;
  await expect
    .poll(async () => {
      [lead] = await server.database.db.select().from(leads).where(eq(leads.id, leadId));
      return lead?.id;
    })
    .toBe(leadId);
  expect(lead).toMatchObject({
    vehicleId: vehicle.id,
    firstName: "Early",
    lastName: "Typist",
    email: "early.typist@example.com",
  });
  expect(JSON.stringify(lead!.payload)).toContain(message);
  expect(pageErrors).toEqual([]);
});

test("checks the enquiry form in the browser when it is sent before its code arrives", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  pageErrors,
}) => {
  const site = siteBySlug("lone-star-autos");
  const vehicle = await listedWhere(server, site, canBeEnquiredAbout);
  const code = await holdEnquiryCode(page);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });
  await page.goto(siteUrl(site.slug, pathOf(site, vehicle)));
  await hydrated(page);
  const form = page.locator("#vehicle-enquiry");
  await form.getByLabel("First name").fill("Sam");
  await form.getByLabel("Email").fill("not-an-address");
  await form.getByRole("button", { name: /^Send (enquiry|inquiry)$/ }).click();
  code.release();
  // The browser's check, as at any other time: the messages under the fields, the count
  // announced, focus on the first field in error, and nothing sent.
  await expect(form.getByText("*This is a required field.").first()).toBeVisible();
  await expect(form.getByLabel("Last name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("status")).toContainText("need your attention");
  await expect(form.getByLabel("Last name")).toBeFocused();
  await expect(form.getByLabel("First name")).toHaveValue("Sam");
  expect(posts).toEqual([]);
  expect(page.url()).toContain(pathOf(site, vehicle));
  // Fixed, the message under a field clears as the shopper types.
  await form.getByLabel("Last name").fill("Driver");
  await expect(form.getByLabel("Last name")).not.toHaveAttribute("aria-invalid", "true");
  expect(pageErrors).toEqual([]);
});

/**
 * The enquiry form's server markup must stay the form React hydrates: an update that reaches a
 * part still waiting for its code (here the address changing, as the skip link does) makes React
 * render that part afresh, without the server's markup, what was typed or the focus
 * (docs/decisions/039-vehicle-page-parts-on-first-use.md). Its code is held back until
 * the address has changed.
 */
test("keeps the enquiry form and what is typed in it when the address changes before its code arrives", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  pageErrors,
}) => {
  const site = siteBySlug("harbour-auto-group");
  const vehicle = await listedWhere(server, site, canBeEnquiredAbout);
  // The garage's saved details fill the fields the shopper has not typed into once the form is live.
  await page.addInitScript(([key, user]) => window.localStorage.setItem(key, user), [
    `saved-user:${site.slug}`,
    JSON.stringify({ email: "saved@example.com" }),
  ] as const);
  const code = await holdEnquiryCode(page);
  await page.goto(siteUrl(site.slug, pathOf(site, vehicle)), { waitUntil: "load" });
  const form = page.locator("#vehicle-enquiry");
  // The page has hydrated as far as it can (its router listens to the address) when the save
  // button has.
  await expect(
    page.locator(`form[data-hydrated]:has(> button[name="vehicle_id"][value="${vehicle.id}"])`),
  ).toHaveCount(1);
  await form.getByLabel("First name").fill("Early");
  await page.getByRole("link", { name: "Skip to content" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.hash === "#main");
  await expect(form.getByLabel("First name")).toHaveValue("Early");
  code.release();
  // The form's code has arrived when the saved details fill the field left empty.
  await expect(form.getByLabel("Email")).toHaveValue("saved@example.com");
  await expect(form.getByLabel("First name")).toHaveValue("Early");
  // The form's own code answers an incomplete enquiry, on this page.
  await form.getByRole("button", { name: "Send enquiry" }).click();
  await expect(form.getByLabel("Last name")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("First name")).toHaveValue("Early");
  expect(new URL(page.url()).pathname).toBe(pathOf(site, vehicle));
  expect(pageErrors).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the vehicle's enquiry form posts, shows the server's messages, then succeeds", async ({
    page,
    server,
    siteUrl,
    siteBySlug,
  }) => {
    const site = siteBySlug("harbour-auto-group");
    const vehicle = await listedWhere(server, site, canBeEnquiredAbout);
    await page.goto(siteUrl(site.slug, pathOf(site, vehicle)));
    const form = page.locator("#vehicle-enquiry");
    await form.getByLabel("First name").fill("No");
    await form.getByLabel("Email").fill("noscript@example.com");
    await form.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByText("*This is a required field.").first()).toBeVisible();
    await expect(page.getByLabel("First name")).toHaveValue("No");
    await page.getByLabel("Last name").fill("Script");
    await page.getByLabel("Phone").fill("0412345678");
    await page.getByLabel("Message").fill("Sent without JavaScript.");
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/success");
    expect(new URL(page.url()).searchParams.get("car_id")).toBe(String(vehicle.id));
  });
});

test("reserves a vehicle from its page: the checkout leads to the card provider's page", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  axe,
  pageErrors,
}) => {
  const site = siteBySlug("coastal-kia");
  const vehicle = await listedWhere(
    server,
    site,
    (v) => v.status === "in_stock" && !v.reserved && !v.tag && v.price > 200,
  );
  await page.goto(siteUrl(site.slug, pathOf(site, vehicle)));
  await hydrated(page);
  await page
    .getByRole("region", { name: "Interested in this vehicle?" })
    .getByRole("link", { name: /Reserve Now/ })
    .click();
  await expect(page).toHaveURL((url) => url.pathname.endsWith("/checkout"));
  expect(await axe()).toEqual([]);
  const form = page.locator("#reserve-form");
  await form.getByLabel("First name").fill("Jo");
  await form.getByLabel("Last name").fill("Shopper");
  await form.getByLabel("Email").fill("jo@example.com");
  await form.getByLabel("Phone").fill("0412345678");
  const reserve = form.getByRole("button", { name: /Continue to pay the .* deposit/ });
  await reserve.click();
  await expect(form.getByText("Please agree to the deposit terms to continue.")).toBeVisible();
  await form.getByLabel(/I agree to pay a \$[\d,]+ deposit/).check();
  await reserve.click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/_test-payments/pay/"));
  await expect(page.getByRole("heading", { name: /^Pay Deposit for/ })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("offers chat where the site enables it, and the subscription price where it offers subscriptions", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  pageErrors,
}) => {
  const site = siteBySlug("lone-star-autos");
  expect(site.settings.chatEnabled).toBe(true);
  const vehicle = await listedWhere(
    server,
    site,
    (v) => v.status === "in_stock" && (v.subscription_price ?? 0) > 0,
  );
  await page.goto(siteUrl(site.slug, pathOf(site, vehicle)));
  await hydrated(page);
  await expect(page.getByTestId("vehicle-price")).toContainText(
    `Or subscribe from ${formatAmount(vehicle.subscription_price!, site.locale)} per week`,
  );
  await page.getByRole("button", { name: "Chat with us now" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(pageErrors.filter((e) => !e.includes("net::"))).toEqual([]);
});

test("an invalid slug gives the 404 page with the search; a sold car offers Find Me Something Similar", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  pageErrors,
}) => {
  const site = siteBySlug("harbour-auto-group");
  const res = await page.goto(siteUrl(site.slug, "/cars/no.such~car"));
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("search")).toBeVisible();
  pageErrors.length = 0; // the 404 is the point of the step above; the browser logs it

  const sold = await listedWhere(server, site, (v) => v.status === "sold");
  await page.goto(siteUrl(site.slug, pathOf(site, sold)));
  await hydrated(page);
  await expect(page.getByText("Just Sold", { exact: true })).toBeVisible();
  const sidebar = page.getByRole("region", { name: "Interested in this vehicle?" });
  await expect(sidebar.getByRole("link", { name: "Book a Test Drive" })).toHaveCount(0);
  await expect(sidebar.getByRole("button", { name: "Send enquiry" })).toHaveCount(0);
  await sidebar.getByRole("link", { name: "Find Me Something Similar" }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/search/make/"));
  expect(pageErrors).toEqual([]);
});

for (const { slug } of DEMO_SITES) {
  test(`${slug}: no axe violations on a vehicle page`, async ({
    page,
    server,
    siteUrl,
    siteBySlug,
    axe,
    pageErrors,
  }) => {
    const site = siteBySlug(slug);
    const vehicle = await listedWhere(
      server,
      site,
      (v) => v.status !== "sold" && v.images.length > 0 && v.price > 10,
    );
    await page.goto(siteUrl(slug, pathOf(site, vehicle)));
    await hydrated(page);
    expect(await axe()).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
}

test("no axe violations with a vehicle's certified dialog or photo viewer open", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  axe,
  pageErrors,
}) => {
  const harbour = siteBySlug("harbour-auto-group");
  const certified = await listedWhere(server, harbour, (v) => v.certified && v.status !== "sold");
  await page.goto(siteUrl(harbour.slug, pathOf(harbour, certified)));
  await hydrated(page);
  await page
    .getByRole("list", { name: "Tags" })
    .first()
    .getByRole("button", { name: "Certified Pre-Owned" })
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const found = (await axe()).map((v) => `certified dialog: ${v}`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page
    .getByRole("region", { name: "Photos" })
    .getByRole("button", { name: /open full screen/ })
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  for (const v of await axe()) found.push(`photo viewer: ${v}`);
  expect(found).toEqual([]);
  expect(pageErrors).toEqual([]);
});
