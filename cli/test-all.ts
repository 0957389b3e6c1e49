/**
 * `npm test`: typecheck, lint, build, vitest (unit and integration), then the browser tests.
 *
 * The test groups need the build and the run's demo database (made here once; each runner's
 * global setup finds it and keeps it), so those two come first, side by side. The test groups
 * follow one at a time, each using both cores. The type check and the lint need nothing and
 * feed nothing: they start at once at a low CPU priority and go on beside the tests, taking the
 * CPU time the tests leave idle while they wait on timers, sockets and child processes (about a
 * sixth of vitest's run) instead of a phase of their own. They run one after the other: each
 * begins by generating the route types, which empties their folder first.
 *
 * Their output is held back and printed whole, in order, once the tests are done. A failed build
 * or demo database stops the run before the tests; a failed test group stops the groups after
 * it. The exit code is the first failure's, in the order above, and the run ends with how long
 * each group took.
 */
import { spawn } from "node:child_process";
import { prepareDemoTemplate } from "~/tests/support/demo-template";

type Group = { name: string; script: string };
type Result = { group: Pick<Group, "name">; ms: number; code: number; output: string };

/** Beside everything else, at a low priority. */
const CHECKS: Group[] = [
  { name: "typecheck", script: "typecheck" },
  { name: "lint", script: "lint" },
];
/** What the tests need: side by side, before them. */
const BUILD: Group = { name: "build", script: "build" };
/** One at a time, after the build. */
const TESTS: Group[] = [
  { name: "unit + integration (vitest)", script: "test:vitest" },
  { name: "browser (playwright)", script: "test:e2e" },
];
/** `nice` increment of the checks: the lowest, so the tests' processes come first for the CPU. */
const CHECK_NICENESS = 19;

function run(group: Group, { buffered, niceness = 0 }: { buffered: boolean; niceness?: number }) {
  const start = Date.now();
  const npm = ["npm", "run", "--silent", group.script];
  const [command, ...args] = niceness ? ["nice", "-n", String(niceness), ...npm] : npm;
  return new Promise<Result>((resolve) => {
    const child = spawn(command!, args, {
      stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
      // Colours as on a terminal, though the output goes through a pipe first.
      env: buffered && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: "1" } : process.env,
    });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", (error) => (output += `${error.message}\n`));
    child.on("close", (code, signal) =>
      resolve({ group, ms: Date.now() - start, code: code ?? (signal ? 1 : 0), output }),
    );
  });
}

/** The demo database, made in this process; its cleanup runs before the exit. */
const DEMO = { name: "demo database" };
let removeDemo = async () => {};
async function makeDemoDatabase(): Promise<Result> {
  const start = Date.now();
  try {
    removeDemo = await prepareDemoTemplate();
    return { group: DEMO, ms: Date.now() - start, code: 0, output: "" };
  } catch (error) {
    return { group: DEMO, ms: Date.now() - start, code: 1, output: String(error) };
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function printOutput(result: Result) {
  console.log(`\n── ${result.group.name} (${seconds(result.ms)}) ──`);
  if (result.output)
    process.stdout.write(result.output.endsWith("\n") ? result.output : `${result.output}\n`);
}

const started = Date.now();
const checks = (async () => {
  const results: Result[] = [];
  for (const group of CHECKS)
    results.push(await run(group, { buffered: true, niceness: CHECK_NICENESS }));
  return results;
})();
const prepared = await Promise.all([run(BUILD, { buffered: true }), makeDemoDatabase()]);
for (const result of prepared) printOutput(result);

const tested: Result[] = [];
if (prepared.every((r) => r.code === 0)) {
  for (const group of TESTS) {
    const result = await run(group, { buffered: false });
    tested.push(result);
    if (result.code !== 0) break;
  }
}
const checked = await checks;
for (const result of checked) printOutput(result);
await removeDemo();

const results = [...checked, ...prepared, ...tested];
const exitCode = results.find((r) => r.code !== 0)?.code ?? 0;
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
  `(${CHECKS.map((g) => g.name).join(" and ")}: at a low priority beside the rest; ` +
    `${[BUILD, DEMO].map((g) => g.name).join(" and ")}: side by side; each timed on its own)`,
);
process.exit(exitCode);
