/**
 * The whole platform on a random port with its own copy of the demo database, for HTTP and
 * browser tests.
 * Requests name their site through the Host header (Node does not resolve *.localhost).
 */
import { request } from "node:http";
import { pino } from "pino";
import { parseEnv } from "~/server/env";
import { startServer } from "~/server/start";
import type { RunningServer } from "~/server/start";
import { DEMO_PHOTO_DIR_ENV } from "./demo-template";
import { createDemoDatabase } from "./test-database";

export async function startTestServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const database = await createDemoDatabase();
  // The tests play the proxy in front of the server: each request names its client in
  // X-Forwarded-For, which the server believes from loopback only because it is told to.
  const defaults = {
    NODE_ENV: "production",
    // Test servers run on the demo database: a demo, by name.
    DEMO: "true",
    PORT: "0",
    HOST: "127.0.0.1",
    TRUSTED_PROXIES: "loopback",
    // The run's servers share the demo photos they draw.
    ...(process.env[DEMO_PHOTO_DIR_ENV] ? { DEMO_PHOTO_DIR: process.env[DEMO_PHOTO_DIR_ENV] } : {}),
  };
  return startServer(parseEnv({ ...defaults, ...env }), {
    logger: pino({ level: "silent" }),
    database,
  });
}

export type TestResponse = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

/** GET (or another method) with an explicit Host header. */
export function fetchWithHost(
  server: RunningServer,
  host: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        method: init.method ?? "GET",
        headers: { host: `${host}:${server.port}`, ...init.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    if (init.body !== undefined) req.write(init.body);
    req.end();
  });
}
