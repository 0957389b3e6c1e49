/**
 * A bare React Router app for bench/client-js.ts and bench/ssr.ts: React 19 + React Router 7
 * framework mode with one route and no data (empty, or a page's markup for bench/ssr.ts), built
 * with this project's own packages in a temporary directory, and a tiny node:http server for it
 * (static assets + the server build's request handler).
 */
import { execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  existsSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { pathToFileURL } from "node:url";

const FILES: Record<string, string> = {
  // React Router picks its default server entry from the dependencies listed here.
  "package.json": JSON.stringify({
    name: "bare-react-router",
    private: true,
    type: "module",
    dependencies: {
      "@react-router/node": "*",
      isbot: "*",
      react: "*",
      "react-dom": "*",
      "react-router": "*",
    },
  }),
  "react-router.config.ts": `export default { ssr: true };\n`,
  "vite.config.ts": `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
export default defineConfig({ plugins: [reactRouter()], logLevel: "error" });
`,
  "app/root.tsx": `import type { ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head><meta charSet="utf-8" /><Meta /><Links /></head>
      <body>{children}<ScrollRestoration /><Scripts /></body>
    </html>
  );
}
export default function App() { return <Outlet />; }
`,
  "app/routes.ts": `import { index, type RouteConfig } from "@react-router/dev/routes";
export default [index("routes/home.tsx")] satisfies RouteConfig;
`,
  // bench/ssr.ts renders a page's markup here (set on globalThis before the server build loads)
  // to measure what React Router's own pipeline costs around the same markup.
  "app/routes/home.tsx": `export default function Home() {
  return (globalThis as { __benchMarkup?: React.ReactNode }).__benchMarkup ?? <h1>Hello</h1>;
}
`,
};

/** Writes and builds the bare app; returns its directory. */
export function buildBareApp(projectRoot: string): string {
  const dir = mkdtempSync(join(tmpdir(), "bare-react-router-"));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  symlinkSync(join(projectRoot, "node_modules"), join(dir, "node_modules"), "dir");
  execFileSync(
    process.execPath,
    [join(projectRoot, "node_modules", "@react-router", "dev", "bin.js"), "build"],
    {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  if (!existsSync(join(dir, "build", "server", "index.js")))
    throw new Error("bare app build failed");
  return dir;
}

const TYPES: Record<string, string> = { ".js": "text/javascript", ".css": "text/css" };

/** Serves a built bare app on a free port. */
export async function serveBareApp(dir: string): Promise<{ port: number; server: Server }> {
  const { createRequestHandler } = await import("react-router");
  const build = await import(pathToFileURL(join(dir, "build", "server", "index.js")).href);
  const handle = createRequestHandler(build, "production");
  const clientDir = join(dir, "build", "client");
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/"));
    const file = join(clientDir, path);
    if (file.startsWith(clientDir) && path.startsWith("/assets/") && existsSync(file)) {
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(readFileSync(file));
      return;
    }
    if (path === "/favicon.ico") {
      res.writeHead(404).end();
      return;
    }
    void handle(new Request(`http://127.0.0.1${req.url ?? "/"}`)).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, server };
}
