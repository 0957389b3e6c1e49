import { describe, expect, it } from "vitest";
import { SiteSettingsSchema, defaultSiteSettings } from "~/domain/site-settings";
import {
  diffSettings,
  inputValueOf,
  isPlatformOnly,
  overridesOf,
  parseSettingsForm,
  settingFields,
  settingSections,
  validateSettings,
} from "./settings-form";

const field = (name: string) => settingFields().find((f) => f.name === name)!;

/** The form the editor renders for these settings, with some inputs changed. */
function formOf(changes: Record<string, string | null> = {}, settings = defaultSiteSettings()) {
  const data = new FormData();
  for (const f of settingFields()) {
    const value = inputValueOf(f, settings);
    if (f.control.kind === "checkbox") {
      if (value === true) data.set(f.name, "on");
    } else data.set(f.name, value as string);
  }
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) data.delete(name);
    else data.set(name, value);
  }
  return data;
}

describe("the settings editor's fields come from the schema", () => {
  it("places every setting of the schema in exactly one field", () => {
    const names = settingFields().map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const key of Object.keys(SiteSettingsSchema.shape))
      expect(
        names.some((n) => n === key || n.startsWith(`${key}.`)),
        key,
      ).toBe(true);
    expect(settingSections().map((s) => s.id)).not.toContain("other");
  });

  it.each([
    ["usedShownAsPreOwned", "checkbox"],
    ["stock.usedOnly", "checkbox"],
    ["defaultSort", "select"],
    ["marketingConsent.default", "select"],
    ["marketingConsent.wording", "text"],
    ["searchPageSize", "select"],
    ["imageQuality", "number"],
    ["justArrivedTagName", "text"],
    ["theme.primary", "colour"],
    ["enabledFacets", "list"],
    ["vehicleCardActions", "list"],
    ["stock.excludedLocationIds", "list"],
    ["promoPopup", "json"],
    ["stockFeed.columns", "json"],
    ["dataSource", "json"],
  ])("%s is edited with a %s", (name, kind) => {
    expect(field(name).control.kind).toBe(kind);
  });

  it("carries the schema's description, bounds, choices and whether a value may be unset", () => {
    expect(field("imageQuality")).toMatchObject({
      label: "Image quality",
      description: "Image CDN quality (75 by default, 60 on some sites).",
      control: { kind: "number", min: 1, max: 100, integer: true },
      nullable: false,
    });
    expect(field("searchPageSize").control).toEqual({
      kind: "select",
      options: ["21", "20"],
      numeric: true,
    });
    expect(field("paymentProvider").nullable).toBe(true);
    expect(field("vehicleCardActions").control).toMatchObject({ kind: "list", numeric: false });
    expect((field("vehicleCardActions").control as { allowed: string[] }).allowed).toContain(
      "find-similar",
    );
  });
});

describe("reading a submitted settings form", () => {
  it("gives back the defaults, storing nothing, when nothing was changed", () => {
    const parsed = parseSettingsForm(formOf());
    expect(parsed).toEqual({ ok: true, settings: defaultSiteSettings(), overrides: {} });
  });

  it("reads each control into its type and stores only what differs from the default", () => {
    const parsed = parseSettingsForm(
      formOf({
        usedShownAsPreOwned: "on",
        searchPageSize: "20",
        imageQuality: "60",
        enabledFacets: "make\r\n\r\n price \n",
        "stock.excludedLocationIds": "4\n9",
        "stock.freshnessDays": "",
        "theme.primary": "#112233",
        promoPopup: JSON.stringify({ title: "Sale", link: "/sale", expiresAt: "2030-01-01" }),
        showViewOurStock: null,
      }),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.overrides).toEqual({
      usedShownAsPreOwned: true,
      searchPageSize: 20,
      imageQuality: 60,
      enabledFacets: ["make", "price"],
      stock: { excludedLocationIds: [4, 9] },
      theme: { primary: "#112233" },
      promoPopup: {
        title: "Sale",
        link: "/sale",
        expiresAt: "2030-01-01",
        imageUrl: null,
        description: "",
        buttonText: "Find out more",
        visibleByDefault: true,
        openAfterSeconds: 20,
        openAfterScrollPercent: 30,
      },
      showViewOurStock: false,
    });
    expect(parsed.settings.stock.freshnessDays).toBeNull();
  });

  it("answers one message per field, from the schema's rules, and nothing else", () => {
    const parsed = parseSettingsForm(
      formOf({
        imageQuality: "0",
        bookingDaysAhead: "2.5",
        searchCacheLimit: "ten",
        defaultSort: "cheapest",
        imageSourceHosts: "photos.example.com\nnot a host!",
        "stock.freshnessDays": "30",
        stockFeed: null,
        "stockFeed.url": "not an address",
        promoPopup: "{ not json",
        justArrivedTagName: "Fresh",
      }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      searchCacheLimit: "Enter a number, not 'ten'.",
      promoPopup: "Enter valid JSON (the current value shows the expected shape).",
      imageQuality: "Enter 1 or more.",
      bookingDaysAhead: "Enter a whole number.",
      defaultSort: expect.stringMatching(/^Choose one of: custom_rank:desc, /),
      imageSourceHosts: "Line 2: A host name, with a port if needed (photos.example.com)",
      "stock.freshnessDays": "Enter 14 or less.",
      "stockFeed.url": "The feed URL must be a full http(s) address",
    });
    const second = parseSettingsForm(
      formOf({
        imageQuality: "0",
        bookingDaysAhead: "2.5",
        defaultSort: "cheapest",
        imageSourceHosts: "photos.example.com\nnot a host!",
        "stock.freshnessDays": "30",
        "stockFeed.url": "not an address",
      }),
    );
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.errors).toEqual({
      imageQuality: "Enter 1 or more.",
      bookingDaysAhead: "Enter a whole number.",
      defaultSort: expect.stringMatching(/^Choose one of: custom_rank:desc, /),
      imageSourceHosts: "Line 2: A host name, with a port if needed (photos.example.com)",
      "stock.freshnessDays": "Enter 14 or less.",
      "stockFeed.url": "The feed URL must be a full http(s) address",
    });
  });

  it("validates stored settings with the same messages", () => {
    expect(validateSettings({ theme: { primary: 3 } })).toEqual({
      ok: false,
      errors: { "theme.primary": "Enter text." },
    });
  });
});

describe("settings only a platform admin changes", () => {
  it("keep their stored values when the form is read for anyone else", () => {
    const stored = SiteSettingsSchema.parse({ gtmId: "GTM-OWN", stock: { usedOnly: true } });
    const parsed = parseSettingsForm(
      formOf(
        { gtmId: "GTM-OTHER", thirdPartyScripts: "https://evil.example/x.js", soldTagName: "Gone" },
        stored,
      ),
      { fields: isPlatformOnly, from: stored },
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.settings.gtmId).toBe("GTM-OWN");
    expect(parsed.settings.thirdPartyScripts).toEqual([]);
    expect(parsed.settings.soldTagName).toBe("Gone");
    expect(isPlatformOnly(field("stockFeed.url"))).toBe(true);
    expect(isPlatformOnly(field("soldTagName"))).toBe(false);
  });
});

describe("the difference shown before saving", () => {
  it("lists each changed field with its section, before and after", () => {
    const before = defaultSiteSettings();
    const after = SiteSettingsSchema.parse({
      usedShownAsPreOwned: true,
      stock: { excludedMakes: ["Lada"] },
      paymentProvider: "stripe",
    });
    expect(diffSettings(before, after)).toEqual([
      {
        name: "stock.excludedMakes",
        label: "Excluded makes",
        section: "Stock shown on the site",
        before: "none",
        after: "Lada",
      },
      {
        name: "usedShownAsPreOwned",
        label: "Used shown as pre owned",
        section: "Vehicles",
        before: "off",
        after: "on",
      },
      {
        name: "paymentProvider",
        label: "Payment provider",
        section: "Reservations and deposits",
        before: "not set",
        after: "stripe",
      },
    ]);
    expect(diffSettings(after, after)).toEqual([]);
    expect(overridesOf(before)).toEqual({});
  });
});
