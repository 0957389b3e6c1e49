/**
 * A US site reads American and a New Zealand site its own words: every route of the demo sites of
 * those markets (each page of the sitemap, one vehicle page per kind, the forms) is read in
 * Chromium, text, labels, options and accessible names included, for the Australian words of
 * the market's list (domain/locale.ts). The content pages are read by the accessibility sweep,
 * which visits them anyway (content-a11y.spec.ts); this sweep reads every other route. The US ZIP
 * code has its own rule and message.
 */
import { DEMO_SITES } from "~/server/db/seed/demo-sites";
import type { RunningServer } from "~/server/start";
import { CONTENT_ROUTES } from "~/tests/content/routes";
import { fetchWithHost } from "~/tests/support/test-server";
import { expect, hydrated, navigatedInApp, test } from "./support/fixtures";
import { foreignWords, marketWords } from "./support/locale-words";

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

/**
 * The sitemap's paths, with one vehicle page per path prefix (they share one template), and the
 * forms; less the content routes the accessibility sweep reads.
 */
async function routesOf(server: RunningServer, slug: string): Promise<string[]> {
  const xml = (await fetchWithHost(server, `${slug}.localhost`, "/sitemap.xml")).body;
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
  const swept = new Set(CONTENT_ROUTES);
  return [...paths, ...FORM_PAGES].filter((path) => !swept.has(path));
}

for (const locale of ["en-US", "en-NZ"] as const) {
  const sites = DEMO_SITES.filter((site) => site.locale === locale);
  const pattern = marketWords(locale)!;

  test(`no page of the ${locale} demo sites shows an Australian word of its list`, async ({
    page,
    server,
    siteUrl,
  }) => {
    test.setTimeout(600_000);
    expect(sites.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const { slug } of sites) {
      const origin = siteUrl(slug, "").replace(/\/$/, "");
      const paths = await routesOf(server, slug);
      // The vehicle pages, the forms and the search pages at least.
      expect(paths.length, slug).toBeGreaterThan(FORM_PAGES.length);
      for (const [index, path] of paths.entries()) {
        // Read as the app renders it: the first page loaded, the others reached through the app's
        // own navigation where they render there (a page that answers 404 is loaded). The words
        // are in the document: its images need not have loaded.
        if (index === 0 || !(await navigatedInApp(page, path))) {
          await page.goto(`${origin}${path}`, { waitUntil: "domcontentloaded" });
          await hydrated(page);
        }
        found.push(...(await foreignWords(page, pattern, `${slug}${path}`)));
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
