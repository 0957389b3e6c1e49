/**
 * Hydration. The site the page belongs to is read once from the document (the root layout writes
 * it as JSON, app/lib/site.ts) and stays the same for every page the shopper navigates to.
 */
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { documentSiteData, SiteContext } from "~/app/lib/site";

const siteData = documentSiteData();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <SiteContext value={siteData}>
        <HydratedRouter />
      </SiteContext>
    </StrictMode>,
  );
});
