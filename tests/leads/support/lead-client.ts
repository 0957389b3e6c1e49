/** Helpers for lead tests: JSON requests with a Host header, and a valid lead per site. */
import { randomUUID } from "node:crypto";
import { request, type Agent } from "node:http";
import type { RunningServer } from "~/server/start";
import type { TestResponse } from "~/tests/support/test-server";

export const HOST = "coastal-kia.localhost";

export function siteOrigin(server: RunningServer, host = HOST): string {
  return `http://${host}:${server.port}`;
}

export type JsonResponse = TestResponse & { json: Record<string, unknown> };

export async function sendJson(
  server: RunningServer,
  method: string,
  path: string,
  body: unknown,
  options: { host?: string; headers?: Record<string, string>; agent?: Agent } = {},
): Promise<JsonResponse> {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return sendRaw(
    server,
    method,
    path,
    text,
    { "content-type": "application/json", accept: "application/json", ...options.headers },
    options.host ?? HOST,
    options.agent,
  );
}

export function validLead(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  // Letters only (names take no digits), and distinct per call: two leads alike would be one
  // submission sent twice.
  const n = randomUUID()
    .slice(0, 8)
    .replace(/\d/g, (d) => "ghijklmnop"[Number(d)]!);
  return {
    first_name: "Jane",
    last_name: `Citizen ${n}`,
    email: `jane.${n}@example.com`,
    phone: "0411 222 333",
    postcode: "4215",
    category: "General Enquiry",
    message: "Is the car still available?",
    ...overrides,
  };
}

export function randomClientIp(): string {
  const b = () => Math.floor(Math.random() * 254) + 1;
  return `10.${b()}.${b()}.${b()}`;
}

/** A multipart/form-data body with fields and files. */
export function multipartBody(
  fields: Record<string, string>,
  files: Array<{ field: string; name: string; type: string; content: Buffer }>,
): { body: Buffer; contentType: string } {
  const boundary = `----leadtest${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.content,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Any request with a Host header and a binary-safe body. */
export function sendRaw(
  server: RunningServer,
  method: string,
  path: string,
  body: Buffer | string | null,
  headers: Record<string, string> = {},
  host = HOST,
  agent?: Agent,
): Promise<JsonResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        method,
        agent,
        headers: {
          host: `${host}:${server.port}`,
          // Each request from its own client address unless a test says otherwise (rate limits).
          "x-forwarded-for": randomClientIp(),
          ...(body !== null ? { "content-length": String(Buffer.byteLength(body)) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json });
        });
      },
    );
    req.on("error", reject);
    if (body !== null) req.write(body);
    req.end();
  });
}
