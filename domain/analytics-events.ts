/**
 * The analytics catalogue (docs/product/analytics.md, "Events and their ids"): 61 numbered event
 * types, virtual page views 1 to 13, the form submissions reported to the ad pixel as Lead, and the
 * tracked page types. Where the reference names no id, the id names it ('Event 26').
 */

export const ANALYTICS_EVENT_COUNT = 61;

/** The ids the product reference names. */
export const ANALYTICS_EVENT_IDS = {
  defaultForm: 22,
  phoneClick: 25,
  multiStep: 32,
  favourite: 39,
  mapClick: 41,
  careersForm: 51,
  chatOpened: 54,
  chatFirstMessage: 55,
  chatLaterMessage: 57,
  financeLink: 58,
  historyReport: 60,
} as const;

export const TEST_DRIVE_EVENT_IDS: readonly number[] = [14, 15, 17, 48];

export const VIRTUAL_PAGE_VIEW_IDS: readonly number[] = Array.from({ length: 13 }, (_, i) => i + 1);

/** Form submissions: 14 to 24, 27, 28, 40, 42, 44 to 48, 51 and 56. */
export const FORM_SUBMISSION_EVENT_IDS: readonly number[] = [
  14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 27, 28, 40, 42, 44, 45, 46, 47, 48, 51, 56,
];

/** The ad pixel's event name for form submissions. */
export const AD_PIXEL_LEAD_EVENT = "Lead";

/** docs/product/analytics.md: Facebook events are sent after 250 ms with a unique event id. */
export const FACEBOOK_EVENT_DELAY_MS = 250;

/** docs/product/analytics.md, "Chat events": a live chat message is counted only within 10 s. */
export const CHAT_MESSAGE_WINDOW_MS = 10_000;

export type AnalyticsEvent = {
  id: number;
  name: string;
  virtualPageView: boolean;
  formSubmission: boolean;
};

const NAMES: Readonly<Record<number, string>> = {
  14: "Test Drive",
  15: "Test Drive",
  17: "Test Drive",
  22: "Default Form",
  25: "Click on Phone",
  32: "Multi-Step Form",
  39: "Favourite",
  41: "Map Click",
  48: "Test Drive",
  51: "Careers Form",
  54: "Chat Opened",
  55: "Chat First Message",
  57: "Chat Message",
  58: "Finance Link",
  60: "History Report",
};

function eventName(id: number): string {
  if (VIRTUAL_PAGE_VIEW_IDS.includes(id)) return `Virtual Page View ${id}`;
  return NAMES[id] ?? `Event ${id}`;
}

export const ANALYTICS_EVENTS: readonly AnalyticsEvent[] = Array.from(
  { length: ANALYTICS_EVENT_COUNT },
  (_, index) => {
    const id = index + 1;
    return {
      id,
      name: eventName(id),
      virtualPageView: VIRTUAL_PAGE_VIEW_IDS.includes(id),
      formSubmission: FORM_SUBMISSION_EVENT_IDS.includes(id),
    };
  },
);

export function analyticsEvent(id: number): AnalyticsEvent | null {
  return ANALYTICS_EVENTS[id - 1] ?? null;
}

export function isFormSubmissionEvent(id: number): boolean {
  return FORM_SUBMISSION_EVENT_IDS.includes(id);
}

/** The ad pixel event for an analytics event: form submissions are reported as Lead. */
export function adPixelEvent(id: number): typeof AD_PIXEL_LEAD_EVENT | null {
  return isFormSubmissionEvent(id) ? AD_PIXEL_LEAD_EVENT : null;
}

/** Event 32's name for a step: '{form} - Step {n}'. */
export function multiStepEventName(formName: string, stepNumber: number): string {
  return `${formName} - Step ${stepNumber}`;
}

/**
 * The chat event for a visitor's message: 55 for the first, 57 for later ones, and none once
 * more than 10 s have passed since the chat was opened.
 */
export function chatMessageEventId(
  isFirstMessage: boolean,
  msSinceChatOpened: number,
): number | null {
  if (msSinceChatOpened < 0 || msSinceChatOpened > CHAT_MESSAGE_WINDOW_MS) return null;
  return isFirstMessage
    ? ANALYTICS_EVENT_IDS.chatFirstMessage
    : ANALYTICS_EVENT_IDS.chatLaterMessage;
}

/** Other interactions tracked with no id given (docs/product/analytics.md). */
export const TRACKED_INTERACTIONS = [
  "click to call",
  "finance calculator",
  "search",
  "login popup",
  "verification code request",
  "verification code submit",
  "registration",
  "wishlist",
  "directions",
  "webchat",
  "finance quote",
  "car history report",
  "print PDF",
] as const;

/** docs/product/analytics.md, "Page types". */
export const PAGE_TYPES = [
  "Home",
  "Vehicle Inventory Listing",
  "New and Used Vehicle Inventory Details",
  "Special Offers",
  "Fleet",
  "Service",
  "Parts and Accessories",
  "Finance",
  "Insurance",
  "Ownership Information",
  "Contact",
  "About/Information",
] as const;
export type PageType = (typeof PAGE_TYPES)[number];

/** The page type of a path, for page-view tracking. */
export function pageTypeForPath(path: string, vehiclePath = "cars"): PageType {
  const p = path.split(/[?#]/)[0]?.replace(/\/+$/, "") || "/";
  if (p === "/") return "Home";
  if (p.startsWith(`/${vehiclePath}/`) && !p.includes("trade-in")) {
    return "New and Used Vehicle Inventory Details";
  }
  if (p.startsWith("/search") || p === "/pre-owned" || p.startsWith("/find/"))
    return "Vehicle Inventory Listing";
  if (p.startsWith("/special-offers")) return "Special Offers";
  if (p.startsWith("/fleet")) return "Fleet";
  if (/service/.test(p)) return "Service";
  if (/parts|aftermarket|accessories/.test(p)) return "Parts and Accessories";
  if (/financ/.test(p)) return "Finance";
  if (/insurance/.test(p)) return "Insurance";
  if (/garage|ownership|trade-in|sell-(your|my)-car/.test(p)) return "Ownership Information";
  if (/contact|location|dealerships/.test(p)) return "Contact";
  return "About/Information";
}
