/**
 * The garage's fixed paths and its analytics hook (docs/product/garage.md): the moments the
 * analytics catalogue lists (a favourite is event 39; the login popup, the verification code
 * request and submit, and registration are named interactions) go through `garageAnalytics`.
 */
import { ANALYTICS_EVENT_IDS } from "~/domain/analytics-events";
import { pushAnalyticsEvent } from "~/app/components/engagement/analytics";

/** Where the save buttons post before (or without) JavaScript: always answered. */
export const GARAGE_FORM_PATH = "/my-garage";

export type GarageMoment =
  | "favourite"
  | "login popup"
  | "verification code request"
  | "verification code submit"
  | "registration";

/**
 * The one place garage moments are reported. A favourite is a numbered event; the others are
 * announced as `dealer:analytics` interactions for the tag manager and any other listener.
 */
export function garageAnalytics(moment: GarageMoment, detail: Record<string, unknown> = {}) {
  if (typeof window === "undefined") return;
  if (moment === "favourite") {
    pushAnalyticsEvent(ANALYTICS_EVENT_IDS.favourite, detail);
    return;
  }
  const event = { event: "dealer_interaction", interaction: moment, ...detail };
  const w = window as Window & { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push(event);
  window.dispatchEvent(new CustomEvent("dealer:analytics", { detail: event }));
}
