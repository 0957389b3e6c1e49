/**
 * Marketing consent in Chromium (docs/product/leads-and-forms.md, "Marketing consent"): the
 * opt-in box starts unticked on Australian and New Zealand sites and ticked on the US demo site,
 * in the page the server sends and after hydration; a shopper who ticks it on an Australian site
 * sends a lead whose ADF/XML says when and to which words consent was given.
 */
import { and, eq } from "drizzle-orm";
import { DEFAULT_CONSENT_WORDING } from "~/domain/marketing-consent";
import { vehicles } from "~/server/db/schema";
import { adfAttachmentOf, adfProblems, xmllintAvailable } from "~/tests/leads/support/adf";
import { fetchWithHost } from "~/tests/support/test-server";
import { expect, hydrated, test } from "./support/fixtures";

const CASES = [
  ["coastal-kia", "an Australian", false],
  ["southern-motors", "a New Zealand", false],
  ["lone-star-autos", "the US demo", true],
] as const;

test.describe(() => {
  for (const [slug, market, ticked] of CASES) {
    test(`the contact form's opt-in box on ${market} site starts ${ticked ? "ticked" : "unticked"}, before and after hydration`, async ({
      page,
      server,
      siteUrl,
      pageErrors,
    }) => {
      // The page as the server sends it, before any script runs.
      const sent = await fetchWithHost(server, `${slug}.localhost`, "/contact");
      const input = /<input[^>]*\bname="opt_in"[^>]*>/.exec(sent.body)?.[0] ?? "";
      expect(input).not.toBe("");
      expect(/\schecked(=""|\s|\/?>)/.test(input)).toBe(ticked);

      await page.goto(siteUrl(slug, "/contact"));
      await hydrated(page);
      const box = page.getByLabel(DEFAULT_CONSENT_WORDING);
      await expect(box).toHaveCount(1);
      if (ticked) await expect(box).toBeChecked();
      else await expect(box).not.toBeChecked();
      expect(pageErrors).toEqual([]);
    });
  }

  test("a shopper who ticks the box sends consent with its words and time to the dealer", async ({
    page,
    server,
    smtp,
    siteUrl,
    siteBySlug,
  }) => {
    const site = siteBySlug("coastal-kia");
    const [car] = await server.database.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.siteId, site.id), eq(vehicles.status, "in_stock")))
      .limit(1);
    await page.goto(siteUrl(site.slug, `/contact?car_id=${car!.id}`));
    await hydrated(page);
    const box = page.getByLabel(DEFAULT_CONSENT_WORDING);
    await expect(box).not.toBeChecked();
    await page.getByLabel("First Name").fill("Tia");
    await page.getByLabel("Last Name").fill("Ticked");
    await page.getByLabel("Email").fill("tia@example.com");
    await page.getByLabel("Phone").fill("0411222333");
    await page.getByLabel("Message").fill("Please keep me posted on this one.");
    await box.check();
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page).toHaveURL(/\/success\?/);

    const leadId = new URL(page.url()).searchParams.get("lead_id")!;
    await smtp.waitFor(
      () => smtp.messages.some((m) => m.leadId === leadId),
      20_000,
      `the e-mail of lead ${leadId}`,
    );
    const adf = adfAttachmentOf(smtp.messages.find((m) => m.leadId === leadId)!.raw)!;
    if (xmllintAvailable) expect(adfProblems(adf)).toBeNull();
    expect(adf).toMatch(
      new RegExp(`Marketing consent: given at .+ to &apos;${DEFAULT_CONSENT_WORDING}&apos;`),
    );
  });
});
