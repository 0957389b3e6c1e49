import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/** Marks an <a> whose clicks navigate in the app (SPEC.md link rules: own paths). */
export const APP_LINK = { "data-app-link": "" } as const;

/**
 * One click handler for every marked link inside an element: a plain left click on an own-path
 * link navigates in the app, anything else (new tab, modifier keys, download, other origin) is
 * the browser's. Lists of cards render plain <a> elements, which cost far less to render than a
 * <Link> each and work before hydration and without JavaScript. `data-keep-scroll` on a link
 * keeps the scroll position (filter chips).
 */
export function useAppLinkClick() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element | null)?.closest?.("a[data-app-link]");
      if (!(anchor instanceof HTMLAnchorElement)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(`${url.pathname}${url.search}${url.hash}`, {
        preventScrollReset: anchor.hasAttribute("data-keep-scroll"),
      });
    },
    [navigate],
  );
}
