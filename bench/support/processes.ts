/**
 * Child processes of the benches: started with tsx and the server's Node flags, ready when they
 * print {"port": n}.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { serverNodeFlags } from "./server-node-flags";

export type Child = { port: number; process: ChildProcess; stop(): Promise<void> };

export function startChild(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<Child> {
  const child = spawn(
    process.execPath,
    [...serverNodeFlags(), "--import", "tsx", script, ...args],
    {
      env: { ...process.env, NODE_ENV: "production", ...env },
      // Servers under autocannon log aborted responses at the end of each run: keep their
      // stderr quiet unless the process fails to start.
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const stderr: string[] = [];
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr.push(chunk.toString());
    if (stderr.length > 50) stderr.shift();
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`${script} did not start in 180 s`)), 180_000);
    child.once("exit", (code) =>
      reject(new Error(`${script} exited with ${code}\n${stderr.join("")}`)),
    );
    lines.on("line", (line) => {
      try {
        const { port } = JSON.parse(line) as { port: number };
        clearTimeout(timer);
        resolve({
          port,
          process: child,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.kill("SIGTERM");
            }),
        });
      } catch {
        // Not the ready line.
      }
    });
  });
}

/** GET with a Host header through node:http (Node does not resolve *.localhost). */
export async function get(
  port: number,
  host: string,
  path: string,
): Promise<{ status: number; body: string }> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * CPU milliseconds a child process has used so far, all its threads (Linux /proc; NaN elsewhere).
 * The kernel counts in clock ticks of 10 ms, so it is read over runs of thousands of requests.
 */
export function cpuMs(child: Child): number {
  try {
    const stat = readFileSync(`/proc/${child.process.pid}/stat`, "utf8");
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
