import { useEffect } from "react";
import { useNavigate } from "react-router";

/**
 * Marks an <a> whose clicks navigate in the app (docs/product/search-and-urls.md, "Link rules": own
 * paths).
 */
export const APP_LINK = { "data-app-link": "" } as const;

/**
 * Marks a block (a vehicle card) whose links all follow the same rules: one attribute instead of
 * one per link. Its links to other origins, `tel:` numbers and new tabs stay the browser's.
 */
export const APP_LINKS = { "data-app-links": "" } as const;

/**
 * Client-side navigation for every marked link (APP_LINK, a SiteLink's `data-discover`, or a link
 * in an APP_LINKS block), with one listener for the whole document: a
 * plain left click on an own-path link navigates in the app, anything else (new tab, modifier
 * keys, download, other origin, a jump within the page, a click already handled) is the
 * browser's. Header, footer, cards and filters render plain <a> elements, which cost far less
 * to render on the server than a router <Link> each and work before hydration and without
 * JavaScript. `data-keep-scroll` on a link keeps the scroll position (filter chips).
 */
export function AppLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.(
        "a[data-app-link], a[data-discover], [data-app-links] a",
      );
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const here = window.location;
      if (url.hash && url.pathname === here.pathname && url.search === here.search) return;
      event.preventDefault();
      void navigate(`${url.pathname}${url.search}${url.hash}`, {
        preventScrollReset: anchor.hasAttribute("data-keep-scroll"),
      });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
