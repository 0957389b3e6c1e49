/**
 * axe-core in the page under test: the WCAG 2.x A/AA rules and axe's best practices, one line
 * per violation with up to three of the elements it found.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const RULE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

type AxeViolation = {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string[] }>;
};

/**
 * axe's violations on the page. `contentOnly` leaves out the site header and footer, which are
 * the same on every page of a site (checked in full on its home page): it keeps a sweep of
 * every route of every site affordable on a shared machine.
 */
export async function axeViolations(page: Page, { contentOnly = false } = {}): Promise<string[]> {
  // Evaluated by the test's browser connection, not as an inline script: the site's
  // Content-Security-Policy allows only its own render's scripts (decision 018). A document that
  // has it already (checked twice, or moved on through the app's own navigation) keeps it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ onlyContent, tags }) => {
      type Axe = {
        run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }>;
      };
      const axe = (window as unknown as { axe: Axe }).axe;
      const context = onlyContent ? { exclude: [["body > header"], ["body > footer"]] } : document;
      const result = await axe.run(context, {
        runOnly: { type: "tag", values: tags },
        resultTypes: ["violations"],
      });
      return result.violations;
    },
    { onlyContent: contentOnly, tags: RULE_TAGS },
  );
  return (violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}
