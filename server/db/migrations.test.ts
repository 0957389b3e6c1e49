import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const folder = fileURLToPath(new URL("./migrations", import.meta.url));

describe("SQL migrations", () => {
  // Tests and some deployments put the tables in a schema of their own (search_path); a
  // generated `"public".` qualifier would point a foreign key at a schema that has no tables.
  it("name no schema, so they apply in whichever schema the database is set to", () => {
    const qualified = readdirSync(folder)
      .filter((name) => name.endsWith(".sql"))
      .filter((name) => readFileSync(`${folder}/${name}`, "utf8").includes('"public".'));
    expect(qualified).toEqual([]);
  });
});
