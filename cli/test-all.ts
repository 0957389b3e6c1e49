/**
 * `npm test`: typecheck, lint, build, vitest (unit and integration), then the browser tests.
 * The first three read the sources and write nothing the others read, so they run side by side
 * (each mostly on one core), their output held back and printed whole, in this order, as each
 * ends. Beside them, the demo database both test groups copy is made once (each runner's global
 * setup finds it and keeps it). The test groups follow one at a time: they need the build, and
 * each uses both cores. Stops at the first group that fails (in this order), with its exit code,
 * and prints how long each group took either way.
 */
import { spawn } from "node:child_process";
import { prepareDemoTemplate } from "~/tests/support/demo-template";

type Group = { name: string; script: string };

/** Side by side, before the tests. */
const CHECKS: Group[] = [
  { name: "typecheck", script: "typecheck" },
  { name: "lint", script: "lint" },
  { name: "build", script: "build" },
];
/** One at a time, after the checks. */
const TESTS: Group[] = [
  { name: "unit + integration (vitest)", script: "test:vitest" },
  { name: "browser (playwright)", script: "test:e2e" },
];

type Result = { group: Pick<Group, "name">; ms: number; code: number };

function run(group: Group, buffered: boolean): Promise<Result & { output: string }> {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", group.script], {
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
      // Colours as on a terminal, though the output goes through a pipe first.
      env: buffered && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env,
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code, signal) =>
      resolve({ group, ms: Date.now() - start, code: code ?? (signal ? 1 : 0), output }),
    );
  });
}

/** The demo database, made in this process; its cleanup runs before the exit. */
const DEMO = { name: "demo database" };
let removeDemo = async () => {};
async function makeDemoDatabase(): Promise<Result & { output: string }> {
  const start = Date.now();
  try {
    removeDemo = await prepareDemoTemplate();
    return { group: DEMO, ms: Date.now() - start, code: 0, output: "" };
  } catch (error) {
    return { group: DEMO, ms: Date.now() - start, code: 1, output: String(error) };
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const results: Result[] = [];
const started = Date.now();

// The checks and the demo database: all started at once; each one's output printed in order once
// it and those before it have ended.
const pending = [...CHECKS.map((group) => run(group, true)), makeDemoDatabase()];
for (const next of pending) {
  const result = await next;
  const { output, ...rest } = result;
  console.log(`\n── ${result.group.name} (${seconds(result.ms)}) ──`);
  if (output) process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
  results.push(rest);
}
if (results.every((r) => r.code === 0)) {
  for (const group of TESTS) {
    const { output: _none, ...result } = await run(group, false);
    results.push(result);
    if (result.code !== 0) break;
  }
}
await removeDemo();
const failed = results.find((r) => r.code !== 0);
const exitCode = failed?.code ?? 0;

const rows: Array<[string, string, string]> = results.map((r) => [
  r.group.name,
  seconds(r.ms),
  r.code === 0 ? "ok" : `exit ${r.code}`,
]);
rows.push(["total", seconds(Date.now() - started), exitCode === 0 ? "ok" : "failed"]);

const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\n${"group".padEnd(width)}  ${"time".padStart(8)}  result`);
for (const [name, time, result] of rows) {
  console.log(`${name.padEnd(width)}  ${time.padStart(8)}  ${result}`);
}
console.log(
  `(${[...CHECKS, DEMO].map((g) => g.name).join(", ")}: side by side, each timed on its own)`,
);
process.exit(exitCode);
