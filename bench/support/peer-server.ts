/**
 * A peer for bench/ssr.ts, in its own process: a bare node:http server that answers every
 * request with one HTML document, either rendered by React's renderToString from an element
 * tree of the same markup ("react": no routing, no data, no components), sent as the same
 * bytes from a string ("static"), or rendered by a bare React Router app whose one route shows
 * the same body markup ("router": React Router's document pipeline, no loaders, no data).
 * Prints {"port": n} when listening.
 *
 * Usage: node --import tsx bench/support/peer-server.ts <react|static|router> <html file> [bare app dir]
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { renderToString } from "react-dom/server";
import type { ReactNode } from "react";
import { serveBareApp } from "./bare-app";
import { bodyToReact, htmlToReact } from "./html-to-react";

const [mode, file, bareAppDir] = process.argv.slice(2);
if (
  !["react", "static", "router"].includes(mode ?? "") ||
  !file ||
  (mode === "router" && !bareAppDir)
) {
  console.error("usage: peer-server.ts <react|static|router> <html file> [bare app dir]");
  process.exit(2);
}
const html = readFileSync(file, "utf8");

if (mode === "router") {
  // The element tree is built once, as the "react" peer does; React Router renders it per request.
  (globalThis as { __benchMarkup?: ReactNode }).__benchMarkup = bodyToReact(html);
  const { port, server } = await serveBareApp(bareAppDir!);
  console.log(JSON.stringify({ port }));
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
} else {
  serveMarkup(mode as "react" | "static", html);
}

function serveMarkup(mode: "react" | "static", html: string) {
  const element = htmlToReact(html);
  const headers = { "content-type": "text/html; charset=utf-8" };

  const server = createServer((_req, res) => {
    const body = mode === "react" ? `<!DOCTYPE html>${renderToString(element)}` : html;
    res.writeHead(200, headers);
    res.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
  });
  process.on("SIGTERM", () => server.close(() => process.exit(0)));
}
