import type { CSSProperties, ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { clientSite, SITE_DATA_ID, useSiteData, withSiteForMeta, type Site } from "~/app/lib/site";
import stylesheet from "./app.css?url";
import { SiteFooter } from "~/app/components/site/site-footer";
import { SiteHeader } from "~/app/components/site/site-header";
import { NotFoundPage } from "~/app/components/site/not-found-page";
import { AppLinkNavigation } from "~/app/components/site/app-links";
import { ChatBubble } from "~/app/components/engagement/chat-bubble";
import { DeferredThirdPartyScripts } from "~/app/components/engagement/third-party-scripts";

function faviconHref(site: Site): string {
  return `/media/favicon/${encodeURIComponent(site.name)}.svg?bg=${site.settings.theme.primary.replace("#", "")}`;
}

export function loader({ context }: Route.LoaderArgs) {
  // The back office (app/routes/admin) has its own chrome and no site on the platform host. The
  // site itself is not loader data: it is the same on every page (`SiteContext`).
  const data = { origin: context.origin, admin: Boolean(context.admin) };
  return withSiteForMeta(data, context.admin ? null : clientSite(context.site));
}

/** The site's brand colours as the CSS variables app.css reads. */
function themeStyle(site: Site): CSSProperties {
  const theme = site.settings.theme;
  return {
    "--brand": theme.primary,
    "--brand-foreground": theme.primaryForeground,
    "--accent": theme.accent,
    "--accent-foreground": theme.accentForeground,
    "--radius": theme.radius,
  } as CSSProperties;
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const siteData = useSiteData();
  const site = siteData?.site;
  return (
    <html
      lang={site?.locale ?? "en-AU"}
      data-template={site?.template}
      style={site ? themeStyle(site) : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* A stylesheet with a precedence is hoisted before the route modules' modulepreload
            links: a browser asks for it first, not behind some 40 scripts on six connections,
            and paints without waiting for them. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        {site && <meta name="theme-color" content={site.settings.theme.primary} />}
        {site && <link rel="icon" type="image/svg+xml" href={faviconHref(site)} />}
        {data?.admin && <link rel="icon" href="data:," />}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {site && <SiteHeader />}
        {data?.admin ? (
          // The back office lays out its own header, navigation and main (app/routes/admin).
          children
        ) : (
          <main id="main" className="flex-1">
            {children}
          </main>
        )}
        {site && <SiteFooter />}
        {site && <ChatBubble />}
        {site && <DeferredThirdPartyScripts />}
        <AppLinkNavigation />
        {siteData && (
          <script
            type="application/json"
            id={SITE_DATA_ID}
            dangerouslySetInnerHTML={{ __html: siteData.json }}
          />
        )}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A test-mode site's 'Mock Error' search says which error it was asked for.
  const mockError =
    isRouteErrorResponse(error) && typeof error.data?.mockError === "string"
      ? (error.data.mockError as string)
      : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center">
      <title>Something went wrong</title>
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-slate-700">
        {status >= 500
          ? "We could not show this page just now. Please try again in a moment."
          : "This request could not be completed."}
      </p>
      {mockError ? <p className="mt-4 font-semibold">{`Mock Error: ${mockError}`}</p> : null}
      <p className="mt-8">
        <a href="/" className="font-semibold text-brand underline">
          Back to the home page
        </a>
      </p>
    </div>
  );
}
