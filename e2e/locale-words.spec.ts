/**
 * A US site reads American and a New Zealand site its own words: every route of the demo sites of
 * those markets (each page of the sitemap, one vehicle page per kind, the forms) is read in
 * Chromium, text, labels, options and accessible names included, for the Australian words of
 * the market's list (domain/locale.ts). The US ZIP code has its own rule and message.
 */
import type { Page } from "@playwright/test";
import { AU_ONLY_WORDS } from "~/domain/locale";
import { DEMO_SITES } from "~/server/db/seed/demo-sites";
import { expect, hydrated, test } from "./support/fixtures";

/** Pages every site answers that the sitemap does not list (forms and their answers). */
const FORM_PAGES = [
  "/contact",
  "/trade-in",
  "/sell-my-car",
  "/book-test-drive",
  "/finance",
  "/service",
  "/fleet",
  "/parts-and-accessories",
  "/success?category=general-enquiry",
  "/no-such-page",
];

/** The sitemap's paths, with one vehicle page per path prefix (they share one template). */
async function routesOf(page: Page, origin: string): Promise<string[]> {
  await page.goto(`${origin}/sitemap.xml`);
  const xml = await page.content();
  const kinds = new Set<string>();
  const paths: string[] = [];
  for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = new URL(loc ?? "/").pathname;
    const segments = path.split("/").filter(Boolean);
    const kind = segments.length > 1 ? segments[0] : null;
    if (kind && ["cars", "news", "our-location"].includes(kind)) {
      if (kinds.has(kind)) continue;
      kinds.add(kind);
    }
    paths.push(path);
  }
  return [...paths, ...FORM_PAGES];
}

/** Everything a visitor reads or hears on the page. */
function visibleWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll(
      "[aria-label], [placeholder], [title], img[alt], option, [aria-description]",
    )) {
      for (const name of ["aria-label", "placeholder", "title", "alt", "aria-description"])
        parts.push(el.getAttribute(name) ?? "");
      if (el.tagName === "OPTION") parts.push(el.textContent ?? "");
    }
    return parts.join("\n");
  });
}

for (const locale of ["en-US", "en-NZ"] as const) {
  const sites = DEMO_SITES.filter((site) => site.locale === locale);
  const words = AU_ONLY_WORDS[locale];
  const pattern = new RegExp(
    `\\b(${words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\w])`,
    "gi",
  );

  test(`no page of the ${locale} demo sites shows an Australian word of its list`, async ({
    page,
    siteUrl,
  }) => {
    test.setTimeout(600_000);
    expect(sites.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const { slug } of sites) {
      const origin = siteUrl(slug, "").replace(/\/$/, "");
      for (const path of await routesOf(page, origin)) {
        await page.goto(`${origin}${path}`);
        await hydrated(page);
        const text = await visibleWords(page);
        for (const line of text.split("\n")) {
          for (const match of line.matchAll(pattern))
            found.push(`${slug}${path}: '${match[0]}' in "${line.trim().slice(0, 80)}"`);
        }
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });
}

test("a US form asks for a ZIP code of 5 digits, with its own message", async ({
  page,
  siteUrl,
}) => {
  const slug = DEMO_SITES.find((site) => site.locale === "en-US")?.slug ?? "";
  await page.goto(siteUrl(slug, "/sell-my-car"));
  await hydrated(page);
  const zip = page.getByLabel("ZIP code");
  await expect(zip).toHaveAttribute("maxlength", "5");
  await zip.fill("7870");
  await page.getByRole("button", { name: "Get my valuation" }).click();
  await expect(page.getByText("Invalid ZIP code. Please enter a 5-digit ZIP code.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Look up my license plate" })).toBeVisible();
  await expect(page.getByLabel("License plate")).toBeVisible();
});
