/**
 * Server rendering. Crawlers get the whole document at once; browsers get it streamed.
 * Successful GET pages carry CDN caching headers: they are the same for every anonymous visitor.
 * Every inline script (React's and React Router's) carries the nonce of this render, which the
 * site's Content-Security-Policy names (server/http/app.ts, decision 018). The route code is held
 * until the page has been painted (server/http/route-code-after-paint.ts).
 */
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter } from "react-router";
import type { AppLoadContext, EntryContext } from "react-router";
import { HTML_CACHE_CONTROL } from "~/server/http/cache-control";
import { holdRouteCodeUntilPainted } from "~/server/http/route-code-after-paint";
import { SiteContext, siteDataOf } from "~/app/lib/site";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  if (
    // Back office answers carry `private, no-store` already (server/http/app.ts).
    !loadContext.admin &&
    request.method === "GET" &&
    responseStatusCode === 200 &&
    !responseHeaders.has("Cache-Control")
  ) {
    responseHeaders.set("Cache-Control", HTML_CACHE_CONTROL);
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const waitForAll = Boolean((userAgent && isbot(userAgent)) || routerContext.isSpaMode);

    const send = () => {
      shellRendered = true;
      const body = holdRouteCodeUntilPainted(nonce);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    // The back office has no site, also on a dealer's host.
    const siteData = loadContext.admin ? null : siteDataOf(loadContext.site);
    const { pipe, abort } = renderToPipeableStream(
      <SiteContext value={siteData}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </SiteContext>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) send();
        },
        onAllReady() {
          clearTimeout(timeout);
          if (waitForAll) send();
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    // Stops a render that never completes. Cleared once everything is rendered: while it is set,
    // its closure keeps the whole render (the router's state and every loader's data) alive,
    // which under load is hundreds of finished pages the garbage collector must copy and keep.
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
