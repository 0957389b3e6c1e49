/**
 * Analytics events from the content pages (docs/product/analytics.md ids,
 * domain/analytics-events.ts): pushed to the tag manager's dataLayer (which buffers them until GTM
 * loads, after the first interaction) and announced as a `dealer:analytics` DOM event for other
 * listeners.
 */
type AnalyticsWindow = Window & { dataLayer?: unknown[] };

export function pushAnalyticsEvent(eventId: number, detail: Record<string, unknown> = {}): void {
  if (typeof window === "undefined") return;
  const event = { event: "dealer_event", event_id: eventId, ...detail };
  const w = window as AnalyticsWindow;
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push(event);
  window.dispatchEvent(new CustomEvent("dealer:analytics", { detail: event }));
}
