import { useEffect } from "react";
import {
  SCRIPT_LOAD_FALLBACK_MS,
  SCRIPT_LOAD_TRIGGERS,
  shouldLoadThirdPartyScripts,
  thirdPartyScriptUrls,
} from "~/domain/engagement";
import { useSite } from "~/app/lib/site";

const loaded = new Map<string, Promise<void>>();

/** Adds a script once (async); later calls get the same promise. */
export function loadScriptOnce(src: string): Promise<void> {
  let promise = loaded.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement("script");
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`Could not load ${src}`));
      document.head.appendChild(script);
    });
    loaded.set(src, promise);
  }
  return promise;
}

type DataLayerWindow = Window & { dataLayer?: unknown[] };

/**
 * Loads the site's third-party scripts only after the first scroll, click, touch or key press, or
 * after 3 s (docs/product/vehicle-card-and-page.md, "Chat and popup behaviour"), so they never
 * delay the page. Renders nothing; a site with none configured runs no timer at all.
 */
export function DeferredThirdPartyScripts() {
  const site = useSite();
  const scripts = thirdPartyScriptUrls(site.settings);
  const key = scripts.join(" ");
  const gtmId = site.settings.gtmId;

  useEffect(() => {
    if (key === "") return;
    const started = performance.now();
    let done = false;
    const load = (interacted: boolean) => {
      if (done || !shouldLoadThirdPartyScripts(interacted, performance.now() - started)) return;
      done = true;
      cleanup();
      if (gtmId) {
        const w = window as DataLayerWindow;
        w.dataLayer = w.dataLayer ?? [];
        w.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
      }
      for (const src of key.split(" ")) void loadScriptOnce(src).catch(() => undefined);
    };
    const onInteraction = () => load(true);
    const timer = window.setTimeout(() => load(false), SCRIPT_LOAD_FALLBACK_MS);
    for (const event of SCRIPT_LOAD_TRIGGERS) {
      window.addEventListener(event, onInteraction, { once: true, passive: true, capture: true });
    }
    function cleanup() {
      window.clearTimeout(timer);
      for (const event of SCRIPT_LOAD_TRIGGERS)
        window.removeEventListener(event, onInteraction, { capture: true });
    }
    return cleanup;
  }, [key, gtmId]);

  return null;
}
