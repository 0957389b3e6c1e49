/**
 * `npm run bench`: runs every benchmark in bench/ one after another (each prints its own
 * table of medians and ratios against peers measured in the same run).
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL(".", import.meta.url));
const benches = readdirSync(dir)
  .filter(
    (f) =>
      f.endsWith(".ts") && f !== "run-all.ts" && !f.includes(".") === false && !f.startsWith("_"),
  )
  .filter((f) => !f.endsWith(".d.ts") && f.split(".").length === 2)
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n== bench/${file}`);
  const result = spawnSync(process.execPath, ["--import", "tsx", `${dir}${file}`], {
    stdio: "inherit",
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
