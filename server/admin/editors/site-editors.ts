/**
 * The writes of a site's own record: its settings (the generated editor, and the promo popup's
 * own form) and its navigation. One write path: `updateSiteSettings` reads the stored settings,
 * applies the change, validates the result against the schema, stores only what differs from
 * the defaults and announces a settings change (every node reloads the site; its version moves
 * on). See docs/product/back-office.md, "Stock and site editors".
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  isHttpUrl,
  isNavigationLink,
  isSiteLink,
  isSitePath,
  NavigationSchema,
  readStoredNavigation,
  SETTING_MESSAGES,
  readStoredSiteSettings,
} from "~/domain/site-settings";
import type { Navigation, SiteSettings, SiteSettingsInput } from "~/domain/site-settings";
import type { Database } from "~/server/db/client";
import { sites } from "~/server/db/schema";
import {
  conflict,
  editorTransaction,
  fieldErrorsOf,
  invalid,
  notFound,
  refuse,
  type AuditWriter,
  type EditorDeps,
  type EditorResult,
  type FieldErrors,
} from "./editor-write";
import { validateSettings, type SubmittedForm } from "./settings-form";

type WriteOptions = {
  audit?: AuditWriter;
  /** The `updated_at` the editor showed: a save over a newer change is refused (409). */
  expectedUpdatedAt?: string | null;
};

async function lockSite(tx: Database, siteId: number) {
  const [row] = await tx
    .select({
      id: sites.id,
      settings: sites.settings,
      navigation: sites.navigation,
      updatedAt: sites.updatedAt,
    })
    .from(sites)
    .where(eq(sites.id, siteId))
    .for("update");
  return row;
}

function checkVersion(row: { updatedAt: Date }, expected: string | null | undefined): void {
  if (expected && row.updatedAt.toISOString() !== expected) refuse(conflict());
}

/** The one write path of a site's settings. */
export async function updateSiteSettings(
  deps: EditorDeps,
  siteId: number,
  change: (stored: SiteSettingsInput) => unknown,
  options: WriteOptions & { action?: string } = {},
): Promise<EditorResult<{ settings: SiteSettings; updatedAt: string }>> {
  return editorTransaction({ ...deps, audit: options.audit }, async (tx) => {
    const row = await lockSite(tx, siteId);
    if (!row) refuse(notFound("No such site."));
    checkVersion(row, options.expectedUpdatedAt);
    const parsed = validateSettings(change(row.settings));
    if (!parsed.ok) refuse(invalid(parsed.errors));
    const updatedAt = new Date();
    await tx
      .update(sites)
      .set({ settings: parsed.overrides, updatedAt })
      .where(eq(sites.id, siteId));
    return {
      value: { settings: parsed.settings, updatedAt: updatedAt.toISOString() },
      changes: [
        {
          action: options.action ?? "site.settings",
          siteId,
          entity: "site",
          entityId: siteId,
          before: row.settings,
          after: parsed.overrides,
        },
      ],
      announce: [{ kind: "settings", siteId }],
    };
  });
}

/** Saves the settings the generated editor validated (what differs from the defaults). */
export function saveSiteSettings(
  deps: EditorDeps,
  siteId: number,
  overrides: SiteSettingsInput,
  options: WriteOptions = {},
) {
  return updateSiteSettings(deps, siteId, () => overrides, options);
}

// ---- Promo popup ----------------------------------------------------------------------------------

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number) => z.string().trim().max(max, `Keep it under ${max} characters.`);

/** A whole number typed into a form, within min..max, or one message. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform(Number)
    .refine((v) => v >= min && v <= max, message);

const PromoPopupForm = z.object({
  title: text(120).min(1, "Enter the popup's title."),
  description: text(500),
  buttonText: text(40).min(1, "Enter the button's text, e.g. Find out more."),
  link: text(500).refine(isSiteLink, SETTING_MESSAGES.link),
  imageUrl: text(500)
    .refine(
      (v) => v === "" || isSitePath(v) || (isHttpUrl(v) && v.startsWith("https://")),
      "Enter an image path (/media/...) or a full https:// address, or leave it empty.",
    )
    .transform((v) => (v === "" ? null : v)),
  expiresAt: z
    .string()
    .trim()
    .regex(ISO_DATE, "Enter the last day the popup shows (a date).")
    .refine((v) => !Number.isNaN(Date.parse(v)), "Enter a real date."),
  visibleByDefault: z.boolean(),
  // Left empty, the site's default applies.
  openAfterSeconds: wholeNumber(
    1,
    600,
    "Enter the seconds before it opens on desktop, 1 to 600.",
  ).optional(),
  openAfterScrollPercent: wholeNumber(
    0,
    100,
    "Enter the share of the page scrolled that opens it, 0 to 100 (0: any scroll).",
  ).optional(),
});

export type PromoPopupInput =
  { enabled: false } | { enabled: true; popup: z.infer<typeof PromoPopupForm> };

/** Reads the promo popup form: validated before anything is read or written. */
export function parsePromoPopupForm(
  form: SubmittedForm,
): { ok: true; value: PromoPopupInput } | { ok: false; errors: FieldErrors } {
  if (form.get("enabled") !== "on") return { ok: true, value: { enabled: false } };
  const str = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const parsed = PromoPopupForm.safeParse({
    title: str("title"),
    description: str("description"),
    buttonText: str("buttonText"),
    link: str("link"),
    imageUrl: str("imageUrl"),
    expiresAt: str("expiresAt"),
    visibleByDefault: form.get("visibleByDefault") === "on",
    openAfterSeconds: str("openAfterSeconds") || undefined,
    openAfterScrollPercent: str("openAfterScrollPercent") || undefined,
  });
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error.issues) };
  return { ok: true, value: { enabled: true, popup: parsed.data } };
}

export function savePromoPopup(
  deps: EditorDeps,
  siteId: number,
  input: PromoPopupInput,
  options: WriteOptions = {},
) {
  return updateSiteSettings(
    deps,
    siteId,
    (stored) => ({ ...stored, promoPopup: input.enabled ? input.popup : null }),
    { ...options, action: "site.promo-popup" },
  );
}

// ---- Navigation -----------------------------------------------------------------------------------

/**
 * The navigation as the editor shows it: one item per line, `Name | /url`; a line indented by
 * spaces is a dropdown item of the item above. The footer adds column titles: `# Title`.
 */
export function navigationText(navigation: Navigation): { header: string; footer: string } {
  const lines = (items: Navigation["header"], indent = ""): string[] =>
    items.flatMap((item) => [
      `${indent}${item.name} | ${item.url}`,
      ...lines(item.dropdownItems ?? [], `${indent}  `),
    ]);
  return {
    header: lines(navigation.header).join("\n"),
    footer: navigation.footer
      .flatMap((column) => [`# ${column.title}`, ...lines(column.items, "  ")])
      .join("\n"),
  };
}

type Item = Navigation["header"][number];

function parseItems(
  lines: { line: number; depth: number; text: string }[],
  field: string,
  errors: FieldErrors,
  previous: Map<string, Item>,
): Item[] {
  const top: Item[] = [];
  for (const { line, depth, text: value } of lines) {
    const [name, url, ...rest] = value.split("|").map((part) => part.trim());
    if (!name || url === undefined || rest.length > 0) {
      errors[field] ??= `Line ${line}: write the item as Name | /url.`;
      continue;
    }
    if (!isNavigationLink(url)) {
      errors[field] ??=
        `Line ${line}: '${url}' is not a link: start it with /, https://, tel: or mailto:.`;
      continue;
    }
    const item: Item = { name, url };
    if (previous.get(`${name}|${url}`)?.mandatory) item.mandatory = true;
    if (depth === 0) top.push(item);
    else {
      const parent = top[top.length - 1];
      if (!parent) {
        errors[field] ??= `Line ${line}: a dropdown item (indented) needs an item above it.`;
        continue;
      }
      (parent.dropdownItems ??= []).push(item);
    }
  }
  return top;
}

function linesOf(textValue: string) {
  return textValue
    .split(/\r?\n/)
    .map((raw, i) => ({ line: i + 1, depth: raw.match(/^\s+/) ? 1 : 0, text: raw.trim() }))
    .filter((l) => l.text !== "");
}

function flatten(items: Item[]): Item[] {
  return items.flatMap((item) => [item, ...flatten(item.dropdownItems ?? [])]);
}

/**
 * Reads the navigation form against the stored navigation: items marked mandatory stay
 * mandatory and cannot be removed; social links are kept as they are.
 */
export function parseNavigationForm(
  form: SubmittedForm,
  current: Navigation,
): { ok: true; value: Navigation } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const str = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const previous = new Map<string, Item>();
  for (const item of [
    ...flatten(current.header),
    ...flatten(current.footer.flatMap((c) => c.items)),
  ])
    previous.set(`${item.name}|${item.url}`, item);

  const header = parseItems(linesOf(str("header")), "header", errors, previous);
  const footer: Navigation["footer"] = [];
  type Column = { title: string; lines: ReturnType<typeof linesOf> };
  let column: Column | null = null;
  const columns: Column[] = [];
  for (const line of linesOf(str("footer"))) {
    if (line.text.startsWith("#")) {
      column = { title: line.text.replace(/^#+/, "").trim(), lines: [] };
      if (!column.title) errors.footer ??= `Line ${line.line}: give the column a title after #.`;
      columns.push(column);
    } else if (!column) {
      errors.footer ??= `Line ${line.line}: start the footer with a column title, e.g. # Quick links.`;
    } else column.lines.push({ ...line, depth: 0 });
  }
  for (const c of columns)
    footer.push({ title: c.title, items: parseItems(c.lines, "footer", errors, previous) });

  for (const [field, before, after] of [
    ["header", flatten(current.header), flatten(header)],
    [
      "footer",
      flatten(current.footer.flatMap((c) => c.items)),
      flatten(footer.flatMap((c) => c.items)),
    ],
  ] as const) {
    const kept = new Set(after.map((i) => `${i.name}|${i.url}`));
    const missing = before.find((i) => i.mandatory && !kept.has(`${i.name}|${i.url}`));
    if (missing)
      errors[field] ??= `'${missing.name} | ${missing.url}' is required on every site: keep it.`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const navigation = NavigationSchema.safeParse({ header, footer, social: current.social });
  if (!navigation.success) return { ok: false, errors: fieldErrorsOf(navigation.error.issues) };
  return { ok: true, value: navigation.data };
}

/** Saves a site's navigation (validated against the stored one by `parseNavigationForm`). */
export async function saveNavigation(
  deps: EditorDeps,
  siteId: number,
  form: SubmittedForm,
  options: WriteOptions = {},
): Promise<EditorResult<Navigation>> {
  return editorTransaction({ ...deps, audit: options.audit }, async (tx) => {
    const row = await lockSite(tx, siteId);
    if (!row) refuse(notFound("No such site."));
    checkVersion(row, options.expectedUpdatedAt);
    const current = readStoredNavigation(row.navigation).value;
    const parsed = parseNavigationForm(form, current);
    if (!parsed.ok) refuse(invalid(parsed.errors));
    await tx
      .update(sites)
      .set({ navigation: parsed.value, updatedAt: new Date() })
      .where(eq(sites.id, siteId));
    return {
      value: parsed.value,
      changes: [
        {
          action: "site.navigation",
          siteId,
          entity: "site",
          entityId: siteId,
          before: row.navigation,
          after: parsed.value,
        },
      ],
      announce: [{ kind: "settings", siteId }],
    };
  });
}

/** A site's stored settings (defaults applied) and navigation, as the editors show them. */
export async function readSiteForEditor(db: Database, siteId: number) {
  const [row] = await db
    .select({ settings: sites.settings, navigation: sites.navigation, updatedAt: sites.updatedAt })
    .from(sites)
    .where(eq(sites.id, siteId));
  if (!row) return undefined;
  return {
    settings: readStoredSiteSettings(row.settings).value,
    navigation: readStoredNavigation(row.navigation).value,
    updatedAt: row.updatedAt.toISOString(),
  };
}
