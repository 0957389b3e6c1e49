/**
 * The Node flags `npm run serve` starts the server with (package.json), so that a bench's server
 * process runs as a production node does: the heap limit shapes how far V8 lets garbage grow
 * before it collects, and so the RSS the memory budgets measure (decision 041).
 */
import { readFileSync } from "node:fs";

const packageJson = new URL("../../package.json", import.meta.url);

export function serverNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(packageJson, "utf8")) as {
    scripts: Record<string, string>;
  };
  const flags = scripts.serve?.match(/--max-old-space-size=\d+/g);
  if (!flags) throw new Error("package.json's serve script sets no --max-old-space-size.");
  return flags;
}
