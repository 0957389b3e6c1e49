/**
 * `npm test`: typecheck, lint, build, vitest (unit and integration), then the browser tests,
 * in that order. Stops at the first group that fails, with its exit code, and prints how long
 * each group took either way.
 */
import { spawn } from "node:child_process";

const GROUPS: Array<{ name: string; script: string }> = [
  { name: "typecheck", script: "typecheck" },
  { name: "lint", script: "lint" },
  { name: "build", script: "build" },
  { name: "unit + integration (vitest)", script: "test:vitest" },
  { name: "browser (playwright)", script: "test:e2e" },
];

function run(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: "inherit" });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rows: Array<[string, string, string]> = [];
let exitCode = 0;
const started = Date.now();
for (const group of GROUPS) {
  const start = Date.now();
  exitCode = await run(group.script);
  rows.push([group.name, seconds(Date.now() - start), exitCode === 0 ? "ok" : `exit ${exitCode}`]);
  if (exitCode !== 0) break;
}
rows.push(["total", seconds(Date.now() - started), exitCode === 0 ? "ok" : "failed"]);

const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\n${"group".padEnd(width)}  ${"time".padStart(8)}  result`);
for (const [name, time, result] of rows) {
  console.log(`${name.padEnd(width)}  ${time.padStart(8)}  ${result}`);
}
process.exit(exitCode);
