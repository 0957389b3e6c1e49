import { describe, expect, it } from "vitest";
import {
  consentBoxStartsTicked,
  consentWording,
  DEFAULT_CONSENT_WORDING,
  describeConsent,
  isConsentTicked,
  type MarketingConsentDefault,
} from "./marketing-consent";
import type { Locale } from "./site-constants";

describe("Marketing consent (leads-and-forms.md): the opt-in box starts ticked only where the market allows it", () => {
  it.each<[MarketingConsentDefault, Locale, boolean]>([
    ["market", "en-AU", false],
    ["market", "en-NZ", false],
    ["market", "en-US", true],
    ["ticked", "en-AU", false],
    ["ticked", "en-NZ", false],
    ["ticked", "en-US", true],
    ["unticked", "en-AU", false],
    ["unticked", "en-NZ", false],
    ["unticked", "en-US", false],
  ])("%s on an %s site: ticked %s", (setting, locale, ticked) => {
    expect(consentBoxStartsTicked({ default: setting }, locale)).toBe(ticked);
  });
});

describe("Marketing consent (leads-and-forms.md): the wording", () => {
  it.each([
    [undefined, DEFAULT_CONSENT_WORDING],
    ["", DEFAULT_CONSENT_WORDING],
    ["   ", DEFAULT_CONSENT_WORDING],
    ["Send me Coastal Kia news", "Send me Coastal Kia news"],
  ])("%j reads %j", (wording, shown) => {
    expect(consentWording({ wording })).toBe(shown);
  });
});

describe("Marketing consent (leads-and-forms.md): how a lead's consent reads", () => {
  const at = new Date("2026-03-02T01:30:00Z");

  it("given: the time in the site's zone and the words shown", () => {
    const line = describeConsent(
      { given: true, wording: "Keep me posted", at },
      { locale: "en-AU", timeZone: "Australia/Sydney" },
    );
    expect(line).toMatch(/^given at 2 Mar 2026, 12:30:00\s?pm AEDT to 'Keep me posted'$/);
  });

  it("an unknown zone reads in UTC", () => {
    const line = describeConsent(
      { given: true, wording: "Keep me posted", at },
      { locale: "en-AU", timeZone: "Nowhere/Else" },
    );
    expect(line).toMatch(/1:30:00\s?am UTC to 'Keep me posted'$/);
  });

  it.each([
    [{ given: false, wording: "Keep me posted", at: null }],
    [{ given: false, wording: null, at: null }],
    [{ given: true, wording: "Keep me posted", at: null }],
  ])("%j: not given", (consent) => {
    expect(describeConsent(consent, { locale: "en-US" })).toBe("not given");
  });

  it.each([
    [true, true],
    ["on", true],
    ["true", true],
    ["Yes", true],
    [false, false],
    ["false", false],
    ["", false],
    [undefined, false],
    [1, false],
  ])("a box sent as %j is ticked: %s", (value, ticked) => {
    expect(isConsentTicked(value)).toBe(ticked);
  });
});
