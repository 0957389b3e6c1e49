/**
 * Leads in Chromium: a vehicle enquiry, a test drive booking and a three-step finance
 * application end on the success page, and each arrives at the SMTP server with valid ADF/XML.
 * Field errors are announced and focus moves to the first one; the form pages have no axe
 * violations.
 */
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { FIELD_MESSAGES } from "~/domain/form-fields";
import { vehicles } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { adfAttachmentOf, adfProblems, xmllintAvailable } from "~/tests/leads/support/adf";
import type { SmtpSink } from "~/tests/leads/support/smtp-sink";
import { expect, hydrated, test } from "./support/fixtures";

const SLUG = "coastal-kia";

/** A new car in stock on the site the forms are filled on. */
async function newCarId(server: RunningServer): Promise<number> {
  const site = server.registry.all().find((s) => s.slug === SLUG)!;
  const [car] = await server.database.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.siteId, site.id),
        eq(vehicles.status, "in_stock"),
        eq(vehicles.carType, "new"),
      ),
    )
    .limit(1);
  return car!.id;
}

/** The ADF/XML of the lead the success page names, once its e-mail has arrived (checked against the DTD). */
async function mailFor(page: Page, smtp: SmtpSink): Promise<string> {
  const leadId = new URL(page.url()).searchParams.get("lead_id")!;
  expect(leadId).toMatch(/^[0-9a-f-]{36}$/);
  await smtp.waitFor(
    () => smtp.messages.some((m) => m.leadId === leadId),
    20_000,
    `the e-mail of lead ${leadId}`,
  );
  const adf = adfAttachmentOf(smtp.messages.find((m) => m.leadId === leadId)!.raw)!;
  if (xmllintAvailable) expect(adfProblems(adf)).toBeNull();
  return adf;
}

test.describe(() => {
  test("sends a vehicle enquiry: errors first (announced, focus on the first), then the success page and the e-mail", async ({
    page,
    server,
    smtp,
    siteUrl,
    pageErrors,
  }) => {
    await page.goto(siteUrl(SLUG, `/contact?car_id=${await newCarId(server)}`));
    await hydrated(page);
    await page.getByRole("button", { name: "Send enquiry" }).click();
    // Client-side check with the domain's messages; focus on the first field in error.
    const firstName = page.getByLabel("First Name");
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute("aria-invalid", "true");
    await expect(firstName).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    await expect(page.getByRole("status").filter({ hasText: "need your attention" })).toHaveCount(
      1,
    );

    await firstName.fill("Priya");
    await page.getByLabel("Last Name").fill("Kumar");
    await page.getByLabel("Email").fill("priya@");
    await page.getByLabel("Phone").fill("0411222333");
    await page.getByLabel("Message").fill("Is this one available for a test drive on Saturday?");
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByLabel("Email")).toBeFocused();
    await expect(page.getByText(FIELD_MESSAGES.email)).toBeVisible();
    // The phone was formatted with the site's mask when the field was left.
    await expect(page.getByLabel("Phone")).toHaveValue("0411 222 333");

    await page.getByLabel("Email").fill("priya@example.com");
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page).toHaveURL(/\/success\?category=new-vehicle-enquiry/);
    await expect(page.getByRole("heading", { level: 1, name: /Thank you/ })).toBeVisible();
    const adf = await mailFor(page, smtp);
    expect(adf).toContain('<vehicle interest="buy" status="new">');
    expect(adf).toContain('<name part="first">Priya</name>');
    expect(pageErrors).toEqual([]);
  });

  test("books a test drive at a free time; the time is no longer offered", async ({
    page,
    server,
    smtp,
    siteUrl,
    axe,
    pageErrors,
  }) => {
    await page.goto(siteUrl(SLUG, `/book-test-drive/?car_id=${await newCarId(server)}`));
    await hydrated(page);
    expect(await axe()).toEqual([]);
    const slot = page.locator('input[name="booking_time"]').first();
    const start = (await slot.getAttribute("value"))!;
    await slot.check();
    await page.getByLabel("First Name").fill("Tom");
    await page.getByLabel("Last Name").fill("Walker");
    await page.getByLabel("Email").fill("tom@example.com");
    await page.getByLabel("Phone").fill("07 5591 7000");
    await page.getByRole("button", { name: "Book test drive" }).click();
    await expect(page).toHaveURL(/\/success\?category=test-drive-booking/);
    await expect(page.getByText("Your test drive is booked for")).toBeVisible();
    const adf = await mailFor(page, smtp);
    expect(adf).toContain('<vehicle interest="test-drive"');
    expect(adf).toContain("<timeframe>");

    await page.goto(siteUrl(SLUG, "/book-test-drive/"));
    await hydrated(page);
    await expect(page.locator('input[name="booking_time"]').first()).toBeAttached();
    await expect(page.locator(`input[name="booking_time"][value="${start}"]`)).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test("sends a three-step finance application: Step 1 of 3, Back, Continue, Submit", async ({
    page,
    server,
    smtp,
    siteUrl,
    axe,
    pageErrors,
  }) => {
    await page.goto(
      siteUrl(SLUG, `/finance?car_id=${await newCarId(server)}&car_type=new#finance-form`),
    );
    await hydrated(page);
    // The finance page's steps (docs/product/leads-and-forms.md).
    await expect(
      page.getByRole("listitem").filter({ hasText: /^Step 1\s*Apply Online Quickly & Securely$/ }),
    ).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Apply Now" })).toHaveAttribute(
      "href",
      "#finance-form",
    );
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    await expect(page.getByRole("button", { name: "Back" })).toHaveCount(0);
    expect(await axe()).toEqual([]);

    await page.getByLabel("First Name").fill("Mei");
    await page.getByLabel("Last Name").fill("Lin");
    await page.getByLabel("Email").fill("mei.lin@example.com");
    await page.getByLabel("Phone").fill("0422 333 444");
    await page.getByLabel("Postcode").fill("4215");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    // The vehicle's price prefilled the budget.
    await expect(page.getByLabel("Vehicle price or budget ($)")).toHaveValue(/^\d+$/);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByText("Step 1 of 3")).toBeVisible();
    await expect(page.getByLabel("First Name")).toHaveValue("Mei");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Step 2 of 3")).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Step 3 of 3")).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit" })).toBeVisible();
    await page.getByLabel("Full time").check();
    await page.getByLabel("Annual income before tax ($)").fill("85000");
    await page.getByLabel("Renting").check();
    await page.getByLabel(/I agree to be contacted/).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/success\?category=finance-enquiry/);
    const adf = await mailFor(page, smtp);
    expect(adf).toContain("<finance><method>finance</method>");
    expect(adf).toContain('<name part="first">Mei</name>');
    expect(pageErrors).toEqual([]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the enquiry form posts, shows the server's messages, then succeeds", async ({
      page,
      smtp,
      siteUrl,
    }) => {
      await page.goto(siteUrl(SLUG, "/contact"));
      await page.getByLabel("First Name").fill("No");
      await page.getByLabel("Last Name").fill("Script");
      await page.getByLabel("Email").fill("noscript@example.com");
      await page.getByLabel("Phone").fill("12345");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(
        page.getByText("Invalid phone number. Must be an Australian number."),
      ).toBeVisible();
      await expect(page.getByLabel("First Name")).toHaveValue("No");
      await page.getByLabel("Phone").fill("0411 222 333");
      await page.getByLabel("Location").selectOption({ index: 1 });
      await page.getByLabel("Message").fill("Sent without JavaScript.");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page).toHaveURL(/\/success\?category=general-enquiry/);
      await mailFor(page, smtp);
    });
  });

  test("sends a careers enquiry with a CV through POST /api/leads/with-files", async ({
    page,
    smtp,
    siteUrl,
    pageErrors,
  }) => {
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") apiCalls.push(new URL(request.url()).pathname);
    });
    await page.goto(siteUrl(SLUG, "/contact"));
    await hydrated(page);
    // The CV field appears once the category is a careers enquiry.
    await expect(page.getByLabel("Your CV")).toHaveCount(0);
    await page.getByLabel("Category").selectOption("Careers Enquiry");
    await expect(page.getByLabel("Your CV")).toBeVisible();
    await page.getByLabel("First Name").fill("Casey");
    await page.getByLabel("Last Name").fill("Nguyen");
    await page.getByLabel("Email").fill("casey@example.com");
    await page.getByLabel("Phone").fill("0433 444 555");
    await page.getByLabel("Location").selectOption({ index: 1 });
    await page.getByLabel("Message").fill("I would love to join the sales team.");
    await page.getByLabel("Your CV").setInputFiles({
      name: "casey-cv.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF\n"),
    });
    // A failure without a message shows the alert and 'An unexpected error occured'.
    await page.route("**/api/leads/with-files", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await page.getByRole("button", { name: "Send message" }).click();
    const alert = page
      .getByRole("alert")
      .filter({ hasText: "An error occurred when submitting this form" });
    await expect(alert).toContainText("An unexpected error occured");
    await expect(alert).toBeFocused();
    await page.unroute("**/api/leads/with-files");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page).toHaveURL(/\/success\?category=general-enquiry/);
    expect(apiCalls).toContain("/api/leads/with-files");
    const leadId = new URL(page.url()).searchParams.get("lead_id")!;
    await smtp.waitFor(() => smtp.messages.some((m) => m.leadId === leadId), 20_000);
    expect(smtp.messages.find((m) => m.leadId === leadId)!.raw).toContain("filename=casey-cv.pdf");
    // The 502 is what this test provokes; the browser logs it.
    expect(pageErrors.filter((e) => !e.includes("502"))).toEqual([]);
  });

  test("values a car: the registration lookup fills the vehicle, then the lead is sent", async ({
    page,
    smtp,
    siteUrl,
    pageErrors,
  }) => {
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") calls.push(new URL(request.url()).pathname);
    });
    await page.goto(siteUrl(SLUG, "/sell-my-car"));
    await hydrated(page);
    // The state is asked once a plate is typed.
    await expect(page.getByLabel("State")).toHaveCount(0);
    await page.getByLabel("Rego").fill("123abc");
    await page.getByLabel("State").selectOption("QLD");
    await page.getByRole("button", { name: "Look up my rego" }).click();
    await expect(page.getByText("We found your 2022 Kia Sportage SX.")).toBeVisible();
    expect(calls).toContain("/api/rego-lookup");
    await expect(page.getByLabel("Make")).toHaveValue("Kia");
    await page.getByLabel("Odometer").fill("30000");
    await page.getByLabel("Good").check();
    await page.getByLabel("First Name").fill("Alex");
    await page.getByLabel("Last Name").fill("Stone");
    await page.getByLabel("Email").fill("alex@example.com");
    await page.getByLabel("Phone").fill("0400 111 222");
    await page.getByLabel("Postcode").fill("4215");
    await page.getByRole("button", { name: "Get my valuation" }).click();
    await expect(page).toHaveURL(/\/success\?category=sell-my-car/);
    const adf = await mailFor(page, smtp);
    expect(adf).toContain(
      '<vehicle interest="sell" status="used"><id source="rego:QLD">123ABC</id>',
    );
    expect(pageErrors).toEqual([]);
  });

  test("has no axe violations on the other lead pages", async ({ page, siteUrl, axe }) => {
    for (const path of [
      "/contact",
      "/service",
      "/trade-in",
      "/sell-my-car",
      "/fleet",
      "/success?category=general-enquiry",
    ]) {
      await page.goto(siteUrl(SLUG, path));
      await hydrated(page);
      expect(await axe(), path).toEqual([]);
    }
  });
});
