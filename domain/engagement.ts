/**
 * Chat and popup behaviour (docs/product/vehicle-card-and-page.md, "Chat and popup behaviour").
 */
import type { SiteSettings } from "./site-settings";

/** Timings (docs/product/constants.md). */
export const CHAT_BUBBLE_DELAY_MS = 3_000;
export const CHAT_OPEN_DELAY_MS = 1_300;
export const SCRIPT_LOAD_FALLBACK_MS = 3_000;

/** Interactions after which third-party scripts load (or after 3 s). */
export const SCRIPT_LOAD_TRIGGERS = ["scroll", "click", "touchstart", "keydown"] as const;

/** The chat prompt bubble appears 3 s after load unless the visitor closed it before. */
export function showChatBubble(
  settings: Pick<SiteSettings, "chatEnabled">,
  closedBefore: boolean,
  msSinceLoad: number,
): boolean {
  return settings.chatEnabled && !closedBefore && msSinceLoad >= CHAT_BUBBLE_DELAY_MS;
}

/** Google Tag Manager's container script; a site with a `gtmId` loads it with `?id=`. */
export const GTM_SCRIPT_URL = "https://www.googletagmanager.com/gtm.js";

/**
 * The third-party scripts a site loads once the visitor interacts: GTM, the chat widget (when
 * chat is on) and other scripts (pixels). The page loads these and the Content-Security-Policy
 * allows their origins, so both read this one list.
 */
export function thirdPartyScriptUrls(
  settings: Pick<SiteSettings, "gtmId" | "chatEnabled" | "chatScriptUrl" | "thirdPartyScripts">,
): string[] {
  return [
    ...(settings.gtmId ? [`${GTM_SCRIPT_URL}?id=${encodeURIComponent(settings.gtmId)}`] : []),
    ...(settings.chatEnabled && settings.chatScriptUrl ? [settings.chatScriptUrl] : []),
    ...settings.thirdPartyScripts,
  ];
}

/** Third-party scripts load after the first interaction, or after 3 s. */
export function shouldLoadThirdPartyScripts(interacted: boolean, msSinceLoad: number): boolean {
  return interacted || msSinceLoad >= SCRIPT_LOAD_FALLBACK_MS;
}

/**
 * The promo popup is visible by default (per site), until it is closed (dismissed or its link
 * clicked, which is persisted) or its expiry date has passed.
 */
export function isPromoPopupVisible(
  popup: { visibleByDefault: boolean; expiresAt: string } | null,
  closedBefore: boolean,
  nowMs: number,
): boolean {
  if (!popup || !popup.visibleByDefault || closedBefore) return false;
  const expires = Date.parse(popup.expiresAt);
  return Number.isNaN(expires) || nowMs <= expires;
}

/** Browser storage key of the popup's closed flag, per site. */
export function promoPopupClosedKey(siteSlug: string): string {
  return `promo-popup-closed:${siteSlug}`;
}
