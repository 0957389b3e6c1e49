/**
 * A peer for bench/ssr.ts, in its own process: a bare node:http server that answers every
 * request with one HTML document, either rendered by React's renderToString from an element
 * tree of the same markup ("react": no routing, no data, no components) or sent as the same
 * bytes from a string ("static"). Prints {"port": n} when listening.
 *
 * Usage: node --import tsx bench/support/peer-server.ts <react|static> <html file>
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { renderToString } from "react-dom/server";
import { htmlToReact } from "./html-to-react";

const [mode, file] = process.argv.slice(2);
if ((mode !== "react" && mode !== "static") || !file) {
  console.error("usage: peer-server.ts <react|static> <html file>");
  process.exit(2);
}
const html = readFileSync(file, "utf8");
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
