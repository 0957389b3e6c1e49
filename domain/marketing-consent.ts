/**
 * Marketing consent (docs/product/leads-and-forms.md, "Marketing consent"): whether the opt-in box
 * of a lead form starts ticked, by the site's market, and how a lead's consent reads.
 *
 * Australia's Spam Act 2003 and New Zealand's Unsolicited Electronic Messages Act 2007 accept only
 * express consent, and a box ticked in advance is not that: there the box always starts unticked.
 * US commercial e-mail (CAN-SPAM) is opt-out, so a US site may start it ticked.
 */
import { staffTimeText, staffZone } from "./staff-time";
import { DEFAULT_CONSENT_WORDING, MARKETING_CONSENT_DEFAULTS, type Locale } from "./site-constants";

export { DEFAULT_CONSENT_WORDING, MARKETING_CONSENT_DEFAULTS };
export type MarketingConsentDefault = (typeof MARKETING_CONSENT_DEFAULTS)[number];

export type MarketingConsentSetting = { default: MarketingConsentDefault; wording: string };

export type Market = "AU" | "NZ" | "US";

/** A site's market, from its locale. */
export function marketOf(locale: Locale): Market {
  return locale === "en-NZ" ? "NZ" : locale === "en-US" ? "US" : "AU";
}

/** Markets whose law accepts a box ticked in advance (opt-out marketing e-mail). */
const PRE_TICKED_ALLOWED: Record<Market, boolean> = { AU: false, NZ: false, US: true };

/**
 * Whether the opt-in box starts ticked. 'market' follows the law of the site's market (ticked
 * only where opt-out is lawful); 'ticked' is honoured only there too; 'unticked' always holds.
 */
export function consentBoxStartsTicked(
  setting: Pick<MarketingConsentSetting, "default">,
  locale: Locale,
): boolean {
  if (setting.default === "unticked") return false;
  return PRE_TICKED_ALLOWED[marketOf(locale)];
}

/** The words shown beside the box: the site's own, or the default. */
export function consentWording(setting: Partial<Pick<MarketingConsentSetting, "wording">>): string {
  const wording = setting.wording?.trim();
  return wording ? wording : DEFAULT_CONSENT_WORDING;
}

/** A lead's consent as stored: given (with the words and the server's time) or not. */
export type LeadConsent = { given: boolean; wording: string | null; at: Date | null };

/** A ticked box as the forms and the API send it. */
export function isConsentTicked(value: unknown): boolean {
  return value === true || value === "true" || value === "on" || value === "yes" || value === "Yes";
}

/**
 * The line the e-mail, the ADF and the back office show: "given at {time} to '{wording}'" or
 * "not given". The time reads in the site's zone when it is known.
 */
export function describeConsent(
  consent: Pick<LeadConsent, "given" | "wording" | "at">,
  options: { locale: Locale; timeZone?: string | null },
): string {
  if (!consent.given || !consent.at) return "not given";
  const at = formatConsentTime(consent.at, options.locale, options.timeZone ?? null);
  return `given at ${at} to '${consent.wording ?? DEFAULT_CONSENT_WORDING}'`;
}

/** As every staff-facing time reads: the site's zone, named, to the second. */
function formatConsentTime(at: Date, locale: Locale, timeZone: string | null): string {
  return staffTimeText(at, staffZone(timeZone ?? undefined, locale), "second");
}
