/**
 * The site settings editor, generated from the settings schema (domain/site-settings.ts) and its
 * descriptions (decision 028): which sections and fields the form shows, the control of each
 * field from its type, reading a submitted form back into settings, the schema's validation as
 * one message per field, what a site stores (only what differs from the default), and the
 * difference a save would make. No React and no I/O here: the route renders these fields.
 */
import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import { SiteSettingsSchema, defaultSiteSettings } from "~/domain/site-settings";
import type { SiteSettings, SiteSettingsInput } from "~/domain/site-settings";

export type SettingControl =
  | { kind: "checkbox" }
  | { kind: "select"; options: string[]; numeric: boolean }
  | { kind: "number"; min: number | null; max: number | null; integer: boolean }
  | { kind: "text" }
  | { kind: "colour" }
  /** One entry per line; `allowed` lists the values an entry may take, when the schema fixes them. */
  | { kind: "list"; allowed: string[] | null; numeric: boolean }
  /** Shapes no simple control fits (records, unions of shapes, optional objects): JSON text. */
  | { kind: "json" };

export type SettingField = {
  /** The form field name: the setting's path joined by dots (`stock.usedOnly`). */
  name: string;
  path: string[];
  label: string;
  description: string;
  /** Empty input means "not set" (null). */
  nullable: boolean;
  control: SettingControl;
};

export type SettingSection = { id: string; title: string; fields: SettingField[] };

/**
 * The sections of the editor, in order. A nested settings object (stock, theme...) lists its own
 * fields in its section. A setting no section names still shows, under "Other settings".
 */
const SECTIONS: { id: string; title: string; keys: string[] }[] = [
  {
    id: "search",
    title: "Search",
    keys: [
      "defaultSearchPath",
      "searchPageSize",
      "defaultSort",
      "searchCacheLimit",
      "enabledFacets",
      "popularMakes",
      "makeMarks",
      "includeSoldCarsDays",
    ],
  },
  { id: "stock-rules", title: "Stock shown on the site", keys: ["stock"] },
  { id: "stock-feed", title: "Stock feed", keys: ["stockFeed"] },
  {
    id: "vehicles",
    title: "Vehicles",
    keys: [
      "vehiclePath",
      "loadingAnimation",
      "justArrivedDays",
      "justArrivedTagName",
      "soldTagName",
      "usedShownAsPreOwned",
      "imageQuality",
      "phoneStartsRevealed",
      "comingSoonReservable",
      "tradeInAllowed",
      "getFinanceText",
      "vehicleCardActions",
      "showBelowMarketIndicator",
      "offersSubscription",
    ],
  },
  {
    id: "leads",
    title: "Leads and forms",
    keys: [
      "enquiryMessageOptional",
      "marketingConsent",
      "yesNoFields",
      "pushLeadsToPrimaryLocation",
      "pushLeadsToPrimaryDealership",
      "fixedLeadDealershipSlug",
      "fixedLeadWebsiteSlug",
      "leadTarget",
      "leadApiMode",
      "leadAcknowledgementEmail",
      "phoneVariant",
      "testPhoneNumber",
      "visitorSources",
      "financeCalculatorRate",
      "financeProvider",
      "financePartnerCode",
    ],
  },
  {
    id: "payments",
    title: "Reservations and deposits",
    keys: [
      "paymentProvider",
      "paymentCurrency",
      "reservationHoldMinutes",
      "depositTerms",
      "driveAway",
    ],
  },
  {
    id: "bookings",
    title: "Bookings",
    keys: [
      "bookingTimeZone",
      "testDriveSlotMinutes",
      "serviceSlotMinutes",
      "testDriveSlotCapacity",
      "serviceSlotCapacity",
      "bookingDaysAhead",
      "bookingNoticeMinutes",
      "serviceAdditionalServices",
    ],
  },
  {
    id: "pages",
    title: "Pages and home page",
    keys: [
      "pagesPrefixInUse",
      "newsReplacesBlog",
      "financePreApprovalAvailable",
      "careersUrl",
      "homeBlocks",
      "promotionSliderHeight",
      "lifestyleTiles",
      "valuePropositionAutoplayMs",
      "locationsCarouselFilter",
      "promoPopup",
    ],
  },
  {
    id: "locations",
    title: "Locations and reviews",
    keys: [
      "locationsCarouselTitle",
      "locationBadgeText",
      "locationBadgeUntil",
      "licencePrefix",
      "separateSalesServiceHours",
      "serviceLocationsBookService",
      "showViewOurStock",
      "customLocationOrder",
      "hiddenLocationNames",
      "reviewsHidden",
      "reviewsMinimumRating",
      "googleReviewsCount",
    ],
  },
  {
    id: "engagement",
    title: "Engagement and third parties",
    keys: [
      "garageEnabled",
      "chatEnabled",
      "chatPromptText",
      "chatScriptUrl",
      "chatOpenCall",
      "whatsappNumber",
      "gtmId",
      "mapsEmbedUrlTemplate",
      "imageCdnTemplate",
      "imageSourceHosts",
      "thirdPartyScripts",
      "contentSecurityPolicyOrigins",
      "buildModelPages",
      "enableStore",
    ],
  },
  { id: "garage", title: "Garage", keys: ["garage"] },
  { id: "integrations", title: "Integrations", keys: ["featureFlags"] },
  { id: "theme", title: "Theme", keys: ["theme"] },
  { id: "data-in", title: "Where the site's data comes from", keys: ["dataSource"] },
];

// ---- Reading the schema -------------------------------------------------------------------------

type AnySchema = z.ZodType & { description?: string };
type Def = {
  type: string;
  innerType?: AnySchema;
  element?: AnySchema;
  options?: AnySchema[];
  values?: unknown[];
  entries?: Record<string, string>;
  shape?: Record<string, AnySchema>;
};

const defOf = (schema: AnySchema): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema under defaults, optionals and nullables, and whether null is allowed. */
function unwrap(schema: AnySchema): { core: AnySchema; nullable: boolean } {
  let core = schema;
  let nullable = false;
  for (;;) {
    const def = defOf(core);
    if (def.type === "nullable") nullable = true;
    if (["default", "nullable", "optional", "prefault", "readonly"].includes(def.type)) {
      core = def.innerType!;
      continue;
    }
    return { core, nullable };
  }
}

/** The string or number values a schema allows, when it is an enum or a union of literals. */
function choicesOf(schema: AnySchema): (string | number)[] | null {
  const def = defOf(schema);
  if (def.type === "enum") return Object.values(def.entries!);
  if (def.type === "literal") return def.values as (string | number)[];
  if (def.type === "union") {
    const all: (string | number)[] = [];
    for (const option of def.options!) {
      const choices = choicesOf(unwrap(option).core);
      if (!choices) return null;
      all.push(...choices);
    }
    return all;
  }
  return null;
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function controlOf(schema: AnySchema, fallback: unknown): SettingControl {
  const def = defOf(schema);
  const choices = choicesOf(schema);
  if (choices) {
    return {
      kind: "select",
      options: choices.map(String),
      numeric: choices.every((c) => typeof c === "number"),
    };
  }
  if (def.type === "boolean") return { kind: "checkbox" };
  if (def.type === "number") {
    const number = schema as unknown as {
      minValue: number | null;
      maxValue: number | null;
      isInt: boolean;
    };
    const finite = (n: number | null) => (n !== null && Number.isFinite(n) ? n : null);
    return {
      kind: "number",
      min: finite(number.minValue),
      max: finite(number.maxValue),
      integer: number.isInt,
    };
  }
  if (def.type === "string")
    return typeof fallback === "string" && HEX_COLOUR.test(fallback)
      ? { kind: "colour" }
      : { kind: "text" };
  if (def.type === "array") {
    const element = unwrap(def.element!).core;
    const elementChoices = choicesOf(element);
    const elementType = defOf(element).type;
    if (elementChoices || elementType === "string" || elementType === "number") {
      return {
        kind: "list",
        allowed: elementChoices ? elementChoices.map(String) : null,
        numeric: elementType === "number",
      };
    }
  }
  return { kind: "json" };
}

/** "justArrivedDays" -> "Just arrived days". */
function labelOf(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A nested settings object whose every field has a default: its fields are edited one by one. */
function nestedShape(schema: AnySchema): Record<string, AnySchema> | null {
  const { core, nullable } = unwrap(schema);
  const def = defOf(core);
  if (nullable || def.type !== "object") return null;
  const shape = def.shape!;
  const allDefaulted = Object.values(shape).every((s) => defOf(s).type === "default");
  return allDefaulted ? shape : null;
}

function fieldsOf(key: string, schema: AnySchema, defaults: SiteSettings): SettingField[] {
  const nested = nestedShape(schema);
  if (nested) {
    return Object.entries(nested).map(([inner, innerSchema]) =>
      fieldOf([key, inner], innerSchema, defaults),
    );
  }
  return [fieldOf([key], schema, defaults)];
}

function fieldOf(path: string[], schema: AnySchema, defaults: SiteSettings): SettingField {
  const { core, nullable } = unwrap(schema);
  return {
    name: path.join("."),
    path,
    label: labelOf(path[path.length - 1]!),
    description: schema.description ?? core.description ?? "",
    nullable,
    control: controlOf(core, valueAt(defaults, path)),
  };
}

let sectionsCache: SettingSection[] | null = null;

/** The editor's sections and fields, read from the schema once. */
export function settingSections(): SettingSection[] {
  if (sectionsCache) return sectionsCache;
  const shape = SiteSettingsSchema.shape as unknown as Record<string, AnySchema>;
  const defaults = defaultSiteSettings();
  const placed = new Set<string>();
  const sections = SECTIONS.map(({ id, title, keys }) => ({
    id,
    title,
    fields: keys
      .filter((key) => key in shape)
      .flatMap((key) => {
        placed.add(key);
        return fieldsOf(key, shape[key]!, defaults);
      }),
  }));
  const others = Object.keys(shape).filter((key) => !placed.has(key));
  if (others.length > 0) {
    sections.push({
      id: "other",
      title: "Other settings",
      fields: others.flatMap((key) => fieldsOf(key, shape[key]!, defaults)),
    });
  }
  sectionsCache = sections.filter((s) => s.fields.length > 0);
  return sectionsCache;
}

export function settingFields(): SettingField[] {
  return settingSections().flatMap((s) => s.fields);
}

// ---- Values -------------------------------------------------------------------------------------

function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  let current = target;
  for (const key of path.slice(0, -1)) {
    current[key] ??= {};
    current = current[key] as Record<string, unknown>;
  }
  current[path[path.length - 1]!] = value;
}

/** What a field's input shows for a value (checkboxes: whether checked). */
export function inputValueOf(field: SettingField, settings: SiteSettings): string | boolean {
  const value = valueAt(settings, field.path);
  const { control } = field;
  if (control.kind === "checkbox") return value === true;
  if (value === null || value === undefined) return "";
  if (control.kind === "list") return (value as unknown[]).join("\n");
  if (control.kind === "json") return JSON.stringify(value, null, 2);
  return String(value);
}

/** A submitted form, as name -> value (a checkbox is present when checked). */
export type SubmittedForm = { get(name: string): FormDataEntryValue | null };

export type FieldErrors = Record<string, string>;

type Read = { ok: true; value: unknown } | { ok: false; message: string };

function readField(field: SettingField, form: SubmittedForm): Read {
  const raw = form.get(field.name);
  const text = typeof raw === "string" ? raw : "";
  const { control } = field;
  if (control.kind === "checkbox") return { ok: true, value: raw === "on" || raw === "true" };
  const trimmed = text.trim();
  if (trimmed === "" && field.nullable) return { ok: true, value: null };
  switch (control.kind) {
    case "select":
      return { ok: true, value: control.numeric && trimmed !== "" ? Number(trimmed) : trimmed };
    case "number": {
      if (trimmed === "") return { ok: false, message: "Enter a number." };
      const number = Number(trimmed);
      if (!Number.isFinite(number))
        return { ok: false, message: `Enter a number, not '${trimmed}'.` };
      return { ok: true, value: number };
    }
    case "text":
    case "colour":
      return { ok: true, value: trimmed };
    case "list": {
      const lines = text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line !== "");
      if (!control.numeric) return { ok: true, value: lines };
      const numbers = lines.map(Number);
      const bad = numbers.findIndex((n) => !Number.isFinite(n));
      if (bad >= 0)
        return { ok: false, message: `Line ${bad + 1}: enter a number, not '${lines[bad]}'.` };
      return { ok: true, value: numbers };
    }
    case "json":
      try {
        return { ok: true, value: JSON.parse(trimmed === "" ? "null" : trimmed) };
      } catch {
        return {
          ok: false,
          message: "Enter valid JSON (the current value shows the expected shape).",
        };
      }
  }
}

/** A person-readable message for a schema issue that carries no message of its own. */
function friendlyMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "too_small":
      if (issue.origin === "number")
        return issue.inclusive
          ? `Enter ${issue.minimum} or more.`
          : `Enter more than ${issue.minimum}.`;
      if (issue.origin === "array")
        return `Give at least ${issue.minimum} entr${issue.minimum === 1 ? "y" : "ies"}.`;
      if (issue.origin === "string") return "Enter a value.";
      return undefined;
    case "too_big":
      if (issue.origin === "number")
        return issue.inclusive
          ? `Enter ${issue.maximum} or less.`
          : `Enter less than ${issue.maximum}.`;
      return undefined;
    case "invalid_type":
      if (issue.expected === "int") return "Enter a whole number.";
      if (issue.expected === "number") return "Enter a number.";
      if (issue.expected === "string") return "Enter text.";
      return undefined;
    case "invalid_value":
      return `Choose one of: ${issue.values.map(String).join(", ")}.`;
    case "invalid_format":
      if (issue.format === "url") return "Enter a full address starting with http:// or https://.";
      return undefined;
    default:
      return undefined;
  }
}

/** The field an issue path falls under (the longest field path it starts with). */
function fieldNameOf(
  path: readonly PropertyKey[],
  fields: SettingField[],
): SettingField | undefined {
  let best: SettingField | undefined;
  for (const field of fields) {
    if (field.path.length > path.length) continue;
    if (
      field.path.every((key, i) => path[i] === key) &&
      (!best || field.path.length > best.path.length)
    )
      best = field;
  }
  return best;
}

/**
 * Settings only a platform admin changes: they load scripts, frames or data from other hosts,
 * or change where the site's stock and leads come from and go.
 */
const PLATFORM_ONLY_SETTINGS = new Set([
  "dataSource",
  "stockFeed",
  "leadApiMode",
  "leadTarget",
  "contentSecurityPolicyOrigins",
  "thirdPartyScripts",
  "chatScriptUrl",
  "chatOpenCall",
  "gtmId",
  "imageCdnTemplate",
  "imageSourceHosts",
  "mapsEmbedUrlTemplate",
]);

export function isPlatformOnly(field: Pick<SettingField, "path">): boolean {
  return PLATFORM_ONLY_SETTINGS.has(field.path[0]!);
}

export type ParsedSettings =
  | { ok: true; settings: SiteSettings; overrides: SiteSettingsInput }
  | { ok: false; errors: FieldErrors };

/**
 * Reads a submitted settings form: every field of the editor, validated by the schema. Answers the
 * settings with every default applied, and what the site stores (only values unlike the default),
 * or one message per field.
 */
export function parseSettingsForm(
  form: SubmittedForm,
  /** Fields the staff member may not change keep these settings' values, whatever was sent. */
  locked?: { fields: (field: SettingField) => boolean; from: SiteSettings },
): ParsedSettings {
  const fields = settingFields();
  const errors: FieldErrors = {};
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    if (locked?.fields(field)) {
      setAt(input, field.path, valueAt(locked.from, field.path));
      continue;
    }
    const read = readField(field, form);
    if (read.ok) setAt(input, field.path, read.value);
    else errors[field.name] = read.message;
  }
  const validated = validateSettings(input);
  if (Object.keys(errors).length === 0) return validated;
  // Fields that could not be read take their default here: the schema's messages for the
  // others come with the reading errors, so one submit names everything to fix.
  return { ok: false, errors: validated.ok ? errors : { ...validated.errors, ...errors } };
}

/** Validates settings (as a site stores them) against the schema, with one message per field. */
export function validateSettings(input: unknown): ParsedSettings {
  const result = SiteSettingsSchema.safeParse(input, { error: friendlyMessage });
  if (!result.success) {
    const fields = settingFields();
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = fieldNameOf(issue.path, fields);
      const name = field?.name ?? "form";
      if (errors[name]) continue;
      // An entry of a list: say which line.
      const item =
        field && field.control.kind === "list" ? issue.path[field.path.length] : undefined;
      errors[name] =
        typeof item === "number" ? `Line ${item + 1}: ${issue.message}` : issue.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, settings: result.data, overrides: overridesOf(result.data) };
}

/** What a site stores: the values that differ from the default (nested objects field by field). */
export function overridesOf(settings: SiteSettings): SiteSettingsInput {
  const defaults = defaultSiteSettings() as Record<string, unknown>;
  const shape = SiteSettingsSchema.shape as unknown as Record<string, AnySchema>;
  const overrides: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    const fallback = defaults[key];
    if (isDeepStrictEqual(value, fallback)) continue;
    if (nestedShape(shape[key]!)) {
      const inner: Record<string, unknown> = {};
      for (const [innerKey, innerValue] of Object.entries(value as Record<string, unknown>)) {
        if (!isDeepStrictEqual(innerValue, (fallback as Record<string, unknown>)[innerKey]))
          inner[innerKey] = innerValue;
      }
      overrides[key] = inner;
    } else {
      overrides[key] = value;
    }
  }
  return overrides as SiteSettingsInput;
}

export type SettingChange = {
  name: string;
  label: string;
  section: string;
  before: string;
  after: string;
};

/** How a value reads in the difference shown before saving. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return "not set";
  if (value === true) return "on";
  if (value === false) return "off";
  if (Array.isArray(value) && value.every((v) => typeof v !== "object"))
    return value.length === 0 ? "none" : value.join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The settings a save would change, field by field, in the editor's order. */
export function diffSettings(before: SiteSettings, after: SiteSettings): SettingChange[] {
  return settingSections().flatMap((section) =>
    section.fields.flatMap((field) => {
      const old = valueAt(before, field.path);
      const next = valueAt(after, field.path);
      if (isDeepStrictEqual(old, next)) return [];
      return [
        {
          name: field.name,
          label: field.label,
          section: section.title,
          before: displayValue(old),
          after: displayValue(next),
        },
      ];
    }),
  );
}
