import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderSettingsDocs } from "./settings-docs";

describe("docs/site-settings.md", () => {
  it("matches the settings schema (run `npm run docs:settings` after changing a setting)", () => {
    const onDisk = readFileSync(new URL("../docs/site-settings.md", import.meta.url), "utf8");
    expect(onDisk).toBe(renderSettingsDocs());
  });

  it("documents every setting with its default", () => {
    const docs = renderSettingsDocs();
    expect(docs).toContain("| `searchPageSize` | 21 \\| 20 | `21` |");
    expect(docs).toContain("| `stock.freshnessDays` |");
    expect(docs).toContain("| `includeSoldCarsDays` | integer | `3` |");
  });
});
