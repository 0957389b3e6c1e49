/**
 * The platform as its own process (`server/main.ts`, the production entry), for tests that
 * signal it (SIGTERM, SIGKILL) or run several web nodes side by side.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

export type NodeProcess = {
  process: ChildProcess;
  port: number;
  /** What the process printed so far (stdout and stderr). */
  output(): string;
  /** Sends `signal` and waits for the exit; the exit code (null when killed by the signal). */
  stop(signal: NodeJS.Signals): Promise<number | null>;
};

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Spawns the server on `port`; resolves once the process has started listening. */
export function spawnNode(env: Record<string, string>, port: number): NodeProcess {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: "production",
      DEMO: "true",
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return {
    process: child,
    port,
    output: () => output,
    async stop(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      return exited;
    },
  };
}

/** Spawns the server and waits until it prints that it is listening with everything started. */
export async function startNode(env: Record<string, string>): Promise<NodeProcess> {
  const node = spawnNode(env, await freePort());
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (/Platform index: http:\/\/localhost:\d+/.test(node.output())) {
        node.process.stdout!.off("data", check);
        resolve();
      }
    };
    node.process.stdout!.on("data", check);
    node.process.once("exit", (code) =>
      reject(new Error(`server process exited (${code}): ${node.output().slice(-2000)}`)),
    );
  });
  return node;
}
