/**
 * The Node flags `npm run serve` starts the server with (package.json), so that a bench's server
 * process runs as a production node does: the heap limit shapes how far V8 lets garbage grow
 * before it collects, and so the RSS the memory budgets measure (decision 041); the young
 * generation's size, how often rendering's garbage is collected and how much of it is copied
 * (decision 053). Every process a bench compares runs with the same flags, peers included.
 */
import { readFileSync } from "node:fs";

const packageJson = new URL("../../package.json", import.meta.url);

export function serverNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(packageJson, "utf8")) as {
    scripts: Record<string, string>;
  };
  const flags = scripts.serve?.match(/--max-(?:old|semi)-space-size=\d+/g);
  if (!flags?.some((flag) => flag.startsWith("--max-old-space-size=")))
    throw new Error("package.json's serve script sets no --max-old-space-size.");
  return flags;
}
