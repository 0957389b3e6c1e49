/**
 * Leads in a real browser: a vehicle enquiry, a test drive booking and a three-step
 * finance application end on the success page, and each arrives at the SMTP server with valid
 * ADF/XML. Field errors are announced and focus moves to the first one; the form pages have
 * no axe violations.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { FIELD_MESSAGES } from "~/domain/form-fields";
import { vehicles } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { adfAttachmentOf, adfProblems, xmllintAvailable } from "~/tests/leads/support/adf";
import { SmtpSink } from "~/tests/leads/support/smtp-sink";
import { startTestServer } from "~/tests/support/test-server";
import { axeViolations } from "./support/axe";
import { browserAvailable, launchBrowser, watchForErrors } from "./support/browser";

const SLUG = "coastal-kia";

describe.skipIf(!browserAvailable)("lead forms in a real browser", () => {
  let server: RunningServer;
  let browser: Browser;
  const smtp = new SmtpSink();
  const url = (path: string) => `http://${SLUG}.localhost:${server.port}${path}`;
  let carId = 0;

  beforeAll(async () => {
    await smtp.start();
    [server, browser] = await Promise.all([
      startTestServer({ SMTP_URL: smtp.url, LEAD_POLL_MS: "50", LEAD_RATE_LIMIT: "1000" }),
      launchBrowser(),
    ]);
    const site = server.registry.all().find((s) => s.slug === SLUG)!;
    const [car] = await server.database.db
      .select()
      .from(vehicles)
      .where(
        and(
          eq(vehicles.siteId, site.id),
          eq(vehicles.status, "in_stock"),
          eq(vehicles.carType, "new"),
        ),
      )
      .limit(1);
    carId = car!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp.stop();
  });

  async function mailFor(page: Page): Promise<string> {
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

  it("sends a vehicle enquiry: errors first (announced, focus on the first), then the success page and the e-mail", async () => {
    const page = await browser.newPage();
    const errors = watchForErrors(page);
    await page.goto(url(`/contact?car_id=${carId}`), { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Send enquiry" }).click();
    // Client-side check with the domain's messages; focus on the first field in error.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe("first_name");
    const firstName = page.getByLabel("First Name");
    await expect(firstName.getAttribute("aria-invalid")).resolves.toBe("true");
    const describedBy = (await firstName.getAttribute("aria-describedby"))!;
    await expect(page.locator(`#${describedBy.split(" ").pop()!}`).textContent()).resolves.toBe(
      FIELD_MESSAGES.required,
    );
    await expect(
      page.getByRole("status").filter({ hasText: "need your attention" }).count(),
    ).resolves.toBe(1);

    await firstName.fill("Priya");
    await page.getByLabel("Last Name").fill("Kumar");
    await page.getByLabel("Email").fill("priya@");
    await page.getByLabel("Phone").fill("0411222333");
    await page.getByLabel("Message").fill("Is this one available for a test drive on Saturday?");
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe("email");
    await expect(page.getByText(FIELD_MESSAGES.email).isVisible()).resolves.toBe(true);
    // The phone was formatted with the site's mask when the field was left.
    await expect(page.getByLabel("Phone").inputValue()).resolves.toBe("0411 222 333");

    await page.getByLabel("Email").fill("priya@example.com");
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await page.waitForURL(/\/success\?category=new-vehicle-enquiry/);
    await page.getByRole("heading", { level: 1, name: /Thank you/ }).waitFor();
    const adf = await mailFor(page);
    expect(adf).toContain('<vehicle interest="buy" status="new">');
    expect(adf).toContain('<name part="first">Priya</name>');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("books a test drive at a free time; the time is no longer offered", async () => {
    const page = await browser.newPage();
    const errors = watchForErrors(page);
    await page.goto(url(`/book-test-drive/?car_id=${carId}`), { waitUntil: "networkidle" });
    expect(await axeViolations(page)).toEqual([]);
    const slot = page.locator('input[name="booking_time"]').first();
    const start = (await slot.getAttribute("value"))!;
    await slot.check();
    await page.getByLabel("First Name").fill("Tom");
    await page.getByLabel("Last Name").fill("Walker");
    await page.getByLabel("Email").fill("tom@example.com");
    await page.getByLabel("Phone").fill("07 5591 7000");
    await page.getByRole("button", { name: "Book test drive" }).click();
    await page.waitForURL(/\/success\?category=test-drive-booking/);
    await page.getByText("Your test drive is booked for").waitFor();
    const adf = await mailFor(page);
    expect(adf).toContain('<vehicle interest="test-drive"');
    expect(adf).toContain("<timeframe>");

    await page.goto(url("/book-test-drive/"), { waitUntil: "networkidle" });
    await expect(
      page.locator(`input[name="booking_time"][value="${start}"]`).count(),
    ).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("sends a three-step finance application: Step 1 of 3, Back, Continue, Submit", async () => {
    const page = await browser.newPage();
    const errors = watchForErrors(page);
    await page.goto(url(`/finance?car_id=${carId}&car_type=new#finance-form`), {
      waitUntil: "networkidle",
    });
    // The finance steps (docs/product/vehicle-card-and-page.md, "Other blocks").
    await expect(page.locator("ol li").first().textContent()).resolves.toMatch(
      /^Step 1\s*Apply Online Quickly & Securely$/,
    );
    await expect(page.getByRole("link", { name: "Apply Now" }).getAttribute("href")).resolves.toBe(
      "#finance-form",
    );
    await expect(page.getByText("Step 1 of 3").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Back" }).count()).resolves.toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("First Name").fill("Mei");
    await page.getByLabel("Last Name").fill("Lin");
    await page.getByLabel("Email").fill("mei.lin@example.com");
    await page.getByLabel("Phone").fill("0422 333 444");
    await page.getByLabel("Postcode").fill("4215");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Step 2 of 3").waitFor();
    // The vehicle's price prefilled the budget (the finance pages' query parameters,
    // docs/product/leads-and-forms.md).
    await expect(page.getByLabel("Vehicle price or budget ($)").inputValue()).resolves.toMatch(
      /^\d+$/,
    );
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByText("Step 1 of 3").waitFor();
    await expect(page.getByLabel("First Name").inputValue()).resolves.toBe("Mei");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Step 2 of 3").waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Step 3 of 3").waitFor();
    await expect(page.getByRole("button", { name: "Submit" }).isVisible()).resolves.toBe(true);
    await page.getByLabel("Full time").check();
    await page.getByLabel("Annual income before tax ($)").fill("85000");
    await page.getByLabel("Renting").check();
    await page.getByLabel(/I agree to be contacted/).check();
    await page.getByRole("button", { name: "Submit" }).click();
    await page.waitForURL(/\/success\?category=finance-enquiry/);
    const adf = await mailFor(page);
    expect(adf).toContain("<finance><method>finance</method>");
    expect(adf).toContain('<name part="first">Mei</name>');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("works without JavaScript: the enquiry form posts, shows the server's messages, then succeeds", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url("/contact"));
    await page.getByLabel("First Name").fill("No");
    await page.getByLabel("Last Name").fill("Script");
    await page.getByLabel("Email").fill("noscript@example.com");
    await page.getByLabel("Phone").fill("12345");
    await Promise.all([
      page.waitForNavigation(),
      page.getByRole("button", { name: "Send message" }).click(),
    ]);
    await expect(
      page.getByText("Invalid phone number. Must be an Australian number.").isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByLabel("First Name").inputValue()).resolves.toBe("No");
    await page.getByLabel("Phone").fill("0411 222 333");
    await page.getByLabel("Location").selectOption({ index: 1 });
    await page.getByLabel("Message").fill("Sent without JavaScript.");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.waitForURL(/\/success\?category=general-enquiry/);
    await mailFor(page);
    await context.close();
  });

  it("sends a careers enquiry with a CV through POST /api/leads/with-files", async () => {
    const page = await browser.newPage();
    const errors = watchForErrors(page);
    const apiCalls: string[] = [];
    // The 502 below is what this test provokes; the browser logs it.
    const provoked = (text: string) => text.includes("502");
    page.on("request", (request) => {
      if (request.method() === "POST") apiCalls.push(new URL(request.url()).pathname);
    });
    await page.goto(url("/contact"), { waitUntil: "networkidle" });
    // The CV field appears once the category is a careers enquiry.
    await expect(page.getByLabel("Your CV").count()).resolves.toBe(0);
    await page.getByLabel("Category").selectOption("Careers Enquiry");
    await page.getByLabel("Your CV").waitFor();
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
    // docs/product/leads-and-forms.md, "Lead errors": a failure without a message shows the alert
    // and 'An unexpected error occured'.
    await page.route("**/api/leads/with-files", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad gateway</h1>" }),
    );
    await page.getByRole("button", { name: "Send message" }).click();
    const alert = page
      .getByRole("alert")
      .filter({ hasText: "An error occurred when submitting this form" });
    await alert.waitFor();
    await expect(alert.textContent()).resolves.toContain("An unexpected error occured");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("role")))
      .toBe("alert");
    await page.unroute("**/api/leads/with-files");
    await page.getByRole("button", { name: "Send message" }).click();
    await page.waitForURL(/\/success\?category=general-enquiry/);
    expect(apiCalls).toContain("/api/leads/with-files");
    const leadId = new URL(page.url()).searchParams.get("lead_id")!;
    await smtp.waitFor(() => smtp.messages.some((m) => m.leadId === leadId), 20_000);
    expect(smtp.messages.find((m) => m.leadId === leadId)!.raw).toContain("filename=casey-cv.pdf");
    expect(errors.filter((e) => !provoked(e))).toEqual([]);
    await page.close();
  });

  it("values a car: the registration lookup fills the vehicle, then the lead is sent", async () => {
    const page = await browser.newPage();
    const errors = watchForErrors(page);
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") calls.push(new URL(request.url()).pathname);
    });
    await page.goto(url("/sell-my-car"), { waitUntil: "networkidle" });
    // The state is asked once a plate is typed.
    await expect(page.getByLabel("State").count()).resolves.toBe(0);
    await page.getByLabel("Rego").fill("123abc");
    await page.getByLabel("State").selectOption("QLD");
    await page.getByRole("button", { name: "Look up my rego" }).click();
    await page.getByText("We found your 2022 Kia Sportage SX.").waitFor();
    expect(calls).toContain("/api/rego-lookup");
    await expect(page.getByLabel("Make").inputValue()).resolves.toBe("Kia");
    await page.getByLabel("Odometer").fill("30000");
    await page.getByLabel("Good").check();
    await page.getByLabel("First Name").fill("Alex");
    await page.getByLabel("Last Name").fill("Stone");
    await page.getByLabel("Email").fill("alex@example.com");
    await page.getByLabel("Phone").fill("0400 111 222");
    await page.getByLabel("Postcode").fill("4215");
    await page.getByRole("button", { name: "Get my valuation" }).click();
    await page.waitForURL(/\/success\?category=sell-my-car/);
    const adf = await mailFor(page);
    expect(adf).toContain(
      '<vehicle interest="sell" status="used"><id source="rego:QLD">123ABC</id>',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it("has no axe violations on the other lead pages", async () => {
    const page = await browser.newPage();
    for (const path of [
      "/contact",
      "/service",
      "/trade-in",
      "/sell-my-car",
      "/fleet",
      "/success?category=general-enquiry",
    ]) {
      await page.goto(url(path), { waitUntil: "networkidle" });
      expect(await axeViolations(page), path).toEqual([]);
    }
    await page.close();
  });
});
