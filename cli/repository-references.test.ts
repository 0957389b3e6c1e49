/**
 * The repository explains itself: no tracked file points at a document that is not in it (a
 * specification, design or style file kept elsewhere, a sibling `shared` folder) or at an issue
 * number. Rules cite the product reference (`docs/product/`), reasons cite a decision record
 * (`docs/decisions/`).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const ROOT = new URL("..", import.meta.url).pathname;
const THIS_FILE = "cli/repository-references.test.ts";

// The names this test looks for are assembled, so that this file does not itself name them.
const SPECIFICATION = ["SP", "EC"].join("");
const DESIGN = ["DES", "IGN"].join("");
const ISSUE = ["Iss", "ue"].join("");

/** What counts as pointing outside the repository, with the reason shown for each offence. */
const OUTSIDE_REFERENCES: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  {
    pattern: new RegExp(`\\b(${SPECIFICATION}|${DESIGN}|STYLE)\\.md\\b`),
    reason: "a document outside the repository",
  },
  {
    pattern: new RegExp(`\\b${SPECIFICATION} \\d`),
    reason: "a section of a document outside the repository",
  },
  { pattern: /(\.\.\/|\/work\/)shared\b/, reason: "a folder outside the repository" },
  { pattern: new RegExp(`\\b${ISSUE} #?\\d+`, "i"), reason: "an issue number" },
];

/** 'path:line: reason: text' for every line of `text` that points outside the repository. */
function offencesIn(path: string, text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, index) => {
    for (const { pattern, reason } of OUTSIDE_REFERENCES) {
      if (pattern.test(line)) {
        found.push(`${path}:${index + 1}: ${reason}: ${line.trim().slice(0, 120)}`);
        break;
      }
    }
  });
  return found;
}

function trackedFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" });
  return out.split("\0").filter((path) => path !== "" && path !== THIS_FILE);
}

describe("references to things outside the repository", () => {
  it("recognises each kind of outside reference, and leaves the product reference alone", () => {
    const spec = `${SPECIFICATION}.md`;
    expect(offencesIn("a.ts", `/** ${spec} section 9: a price is shown above 10. */`)).toHaveLength(
      1,
    );
    expect(
      offencesIn("a.ts", `describe("${SPECIFICATION} 5 Phone variants", () => {`),
    ).toHaveLength(1);
    expect(offencesIn("a.md", `The budgets of ${DESIGN}.md and STYLE.md`)).toHaveLength(1);
    expect(offencesIn("a.md", "see ../shared/notes")).toHaveLength(1);
    const issue = ISSUE.toLowerCase();
    expect(offencesIn("a.ts", `// Leads (${issue} 7): every lead`)).toEqual([
      `a.ts:1: an issue number: // Leads (${issue} 7): every lead`,
    ]);
    expect(offencesIn("a.md", `\n${ISSUE} #12 asked for it`)).toEqual([
      `a.md:2: an issue number: ${ISSUE} #12 asked for it`,
    ]);
    expect(
      offencesIn(
        "a.ts",
        `/** docs/product/payments.md, "Reserve and buy online". ${SPECIFICATION}IAL_TAG issues. */`,
      ),
    ).toEqual([]);
  });

  it("no tracked file points at a document outside the repository or at an issue number", () => {
    const offences = trackedFiles().flatMap((path) => {
      const bytes = readFileSync(ROOT + path);
      if (bytes.includes(0)) return []; // binary
      return offencesIn(path, bytes.toString("utf8"));
    });
    expect(
      offences,
      `Point to docs/product/ (rules), docs/decisions/ (reasons) or domain/README.md instead:\n${offences.join("\n")}`,
    ).toEqual([]);
  });
});
