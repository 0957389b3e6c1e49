/**
 * The leads inbox in the browser (docs/product/back-office.md): a dealership manager finds a
 * lead, reads its delivery log, resends it, and the second e-mail arrives marked as a resend.
 * axe on the inbox, the lead, and lead routing.
 */
import { and, eq } from "drizzle-orm";
import { dealerships, locations } from "~/server/db/schema";
import { sendJson, validLead } from "~/tests/leads/support/lead-client";
import { expect, test } from "./support/fixtures";
import { adminUrl, signInAs } from "./support/staff";

test("a dealership manager finds a lead, reads its delivery log and resends it", async ({
  page,
  server,
  smtp,
  axe,
}) => {
  const [location] = await server.database.db
    .select({ id: locations.id })
    .from(locations)
    .innerJoin(dealerships, eq(dealerships.id, locations.dealershipId))
    .where(and(eq(dealerships.slug, "harbour-toyota")))
    .limit(1);
  const host = "harbour-auto-group.localhost";
  const sent = await sendJson(
    server,
    "POST",
    "/api/leads",
    {
      // Without an e-mail address: the dealership's delivery is the lead's only one to resend.
      lead: validLead({
        first_name: "Priya",
        last_name: "Resendtest",
        email: "",
        location_id: location!.id,
      }),
    },
    { host, headers: { origin: `http://${host}:${server.port}` } },
  );
  expect(sent.status).toBe(201);
  const leadId = sent.json.id as string;
  await smtp.waitFor(() => smtp.messages.some((m) => m.leadId === leadId), 20_000, "the lead");

  await signInAs(page, server, "dealership_manager", { dealershipSlug: "harbour-toyota" });
  await page.getByLabel("Search name, e-mail, phone or stock number").fill("Resendtest");
  await page.getByRole("button", { name: "Show leads" }).click();
  await expect(page).toHaveURL(/q=Resendtest/);
  expect(await axe()).toEqual([]);
  await page.getByRole("link", { name: "Priya Resendtest" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Priya Resendtest");

  const log = page.getByRole("region", { name: "Delivery log" });
  await expect(log.getByRole("table")).toContainText("Delivered");
  await expect(log.getByRole("table")).toContainText("250");
  expect(await axe()).toEqual([]);

  await log.getByRole("button", { name: /^Resend to / }).click();
  await expect(page.getByRole("status")).toContainText("The delivery is queued to be sent again.");
  await smtp.waitFor(
    () => smtp.messages.filter((m) => m.leadId === leadId).length >= 2,
    20_000,
    "the resent e-mail",
  );
  const resent = smtp.messages.filter((m) => m.leadId === leadId).at(-1)!;
  expect(resent.subject).toMatch(/^\[Resent\] /);
  expect(resent.raw).toContain("Sent again from the back office");

  await page.reload();
  await expect(log.getByRole("table")).toContainText("Resend requested");
  await expect(log).toContainText("resent 1 time");
  expect(await axe()).toEqual([]);
});

test("lead routing pages pass axe", async ({ page, server, axe }) => {
  await signInAs(page, server, "dealership_manager", { dealershipSlug: "harbour-toyota" });
  await page.goto(adminUrl(server, "/admin/routing"));
  await expect(page.getByRole("heading", { level: 1, name: "Lead routing" })).toBeVisible();
  expect(await axe()).toEqual([]);
  await page
    .getByRole("link", { name: /^Edit lead routing of Harbour Toyota \(dealership\)/ })
    .click();
  await page.getByLabel("E-mail recipients").fill("not an address");
  await page.getByRole("button", { name: "Save lead routing" }).click();
  await expect(page.getByRole("alert")).toContainText("These are not e-mail addresses");
  expect(await axe()).toEqual([]);
});
