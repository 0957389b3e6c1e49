/**
 * Editors of a site's records other than its settings: locations (address, contact, opening and
 * special hours, visibility and order), offers and content pages. Each form is validated before
 * any I/O; each write is one transaction with its audit entry, scoped to the site (another site's
 * record is "not found"), then announced: locations as a settings change (vehicle documents carry
 * their location), offers and pages as a content change. Both move the site's version on.
 * See docs/product/back-office.md, "Stock and site editors".
 */
import { slugify } from "~/domain/slug";
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { isSiteLink } from "~/domain/site-settings";
import type { Database } from "~/server/db/client";
import {
  bookings,
  contentPages,
  locations,
  offers,
  specialHours,
  vehicles,
  type OpeningHoursEntry,
} from "~/server/db/schema";
import type { SiteChange } from "~/server/events/change-bus";
import { createSiteScope } from "~/server/sites/scope";
import { CONTENT_KINDS } from "~/server/content/pages";
import { sanitizeContentHtml } from "~/server/content/sanitize";
import {
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
import type { SubmittedForm } from "./settings-form";
import { WEEKDAY_NAMES } from "~/domain/opening-hours";

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };
type WriteOptions = { audit?: AuditWriter };
/**
 * A location belongs to one dealership: the dealerships whose locations a write may touch
 * (the staff scope's; null = every dealership of the site). Another's is "not found".
 */
type LocationWriteOptions = WriteOptions & { dealershipIds?: number[] | null };

/** The site's location `locationId`, if it is one of `dealershipIds`' (null: any). */
function findOwnLocation(
  tx: Database,
  siteId: number,
  locationId: number,
  dealershipIds?: number[] | null,
) {
  return createSiteScope(tx, siteId).findFirst(
    locations,
    and(
      eq(locations.id, locationId),
      dealershipIds ? inArray(locations.dealershipId, dealershipIds) : undefined,
    )!,
  );
}

const str = (form: SubmittedForm, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};
const text = (max: number) => z.string().trim().max(max, `Keep it under ${max} characters.`);
const optionalText = (max: number) => text(max).transform((v) => (v === "" ? null : v));
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const slug = text(100)
  .min(1, "Enter the address name, e.g. summer-sale.")
  .regex(SLUG, "Use lower-case letters, digits and dashes, e.g. summer-sale.");
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const position = z
  .string()
  .trim()
  .transform((v) => (v === "" ? 0 : Number(v)))
  .refine(
    (n) => Number.isInteger(n) && n >= 0 && n <= 10_000,
    "Enter a whole number from 0 to 10,000.",
  );

function parse<T>(schema: z.ZodType<T>, input: unknown): Parsed<T> {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: fieldErrorsOf(parsed.error.issues) };
}

function written<T>(
  action: string,
  siteId: number,
  entity: string,
  entityId: number,
  before: unknown,
  after: T,
  announce: SiteChange,
) {
  return {
    value: after,
    changes: [{ action, siteId, entity, entityId, before: before ?? null, after: after ?? null }],
    announce: [announce],
  };
}

// ---- Locations ------------------------------------------------------------------------------------

/** "09:00" -> "9:00am": how opening hours read on the site. */
function formatTime(time: string): string {
  const [hh = "0", mm = "00"] = time.split(":");
  const h = Number(hh);
  return `${h % 12 === 0 ? 12 : h % 12}:${mm}${h >= 12 ? "pm" : "am"}`;
}

const Day = z
  .object({
    status: z.enum(["Open", "Closed"], { error: "Choose open or closed." }),
    open: z.string().trim(),
    close: z.string().trim(),
  })
  .superRefine((day, ctx) => {
    if (day.status === "Closed") return;
    if (!TIME.test(day.open))
      ctx.addIssue({
        code: "custom",
        path: ["open"],
        message: "Enter the opening time, e.g. 08:30.",
      });
    if (!TIME.test(day.close))
      ctx.addIssue({
        code: "custom",
        path: ["close"],
        message: "Enter the closing time, e.g. 17:30.",
      });
    else if (TIME.test(day.open) && day.close <= day.open)
      ctx.addIssue({
        code: "custom",
        path: ["close"],
        message: "Closing time comes after opening time.",
      });
  });

const LocationForm = z.object({
  name: text(120).min(1, "Enter the location's name."),
  visible: z.boolean(),
  position,
  street: text(200).min(1, "Enter the street address."),
  city: text(100).min(1, "Enter the suburb or city."),
  state: text(50).min(1, "Enter the state."),
  postcode: text(10).regex(/^[A-Za-z0-9 -]{3,10}$/, "Enter the postcode, e.g. 2000."),
  phone: optionalText(30).refine(
    (v) => v === null || /^[+()\d\s-]{6,30}$/.test(v),
    "Enter a phone number of digits, spaces and + ( ) -.",
  ),
  email: optionalText(200).refine(
    (v) => v === null || z.email().safeParse(v).success,
    "Enter an e-mail address like sales@example.com.",
  ),
  hours: z.array(Day).length(7),
});
export type LocationEdit = z.infer<typeof LocationForm>;

export function parseLocationForm(form: SubmittedForm): Parsed<LocationEdit> {
  return parse(LocationForm, {
    name: str(form, "name"),
    visible: form.get("visible") === "on",
    position: str(form, "position"),
    street: str(form, "street"),
    city: str(form, "city"),
    state: str(form, "state"),
    postcode: str(form, "postcode"),
    phone: str(form, "phone"),
    email: str(form, "email"),
    hours: WEEKDAY_NAMES.map((_, d) => ({
      status: str(form, `hours.${d}.status`),
      open: str(form, `hours.${d}.open`),
      close: str(form, `hours.${d}.close`),
    })),
  });
}

export function listLocations(db: Database, siteId: number) {
  return createSiteScope(db, siteId).findMany(locations, {
    orderBy: [asc(locations.position), asc(locations.name)],
  });
}

export async function loadLocationForEditor(
  db: Database,
  siteId: number,
  locationId: number,
  dealershipIds: number[] | null = null,
) {
  const scope = createSiteScope(db, siteId);
  const location = await findOwnLocation(db, siteId, locationId, dealershipIds);
  if (!location) return undefined;
  const special = await scope.findMany(specialHours, {
    where: eq(specialHours.locationId, locationId),
    orderBy: asc(specialHours.date),
  });
  return { location, special };
}

function openingHoursOf(edit: LocationEdit): OpeningHoursEntry[] {
  return edit.hours.map((day, weekday) =>
    day.status === "Open"
      ? {
          weekday,
          status: "Open",
          open: day.open,
          close: day.close,
          formated_hours: `${formatTime(day.open)} - ${formatTime(day.close)}`,
        }
      : { weekday, status: "Closed", open: null, close: null, formated_hours: null },
  );
}

export function updateLocation(
  deps: EditorDeps,
  siteId: number,
  locationId: number,
  edit: LocationEdit,
  options: LocationWriteOptions = {},
): Promise<EditorResult<typeof locations.$inferSelect>> {
  return editorTransaction({ ...deps, audit: options.audit }, async (tx) => {
    const scope = createSiteScope(tx, siteId);
    const before = await findOwnLocation(tx, siteId, locationId, options.dealershipIds);
    if (!before) refuse(notFound("No such location on this site."));
    const address = {
      ...before.address,
      street: edit.street,
      city: edit.city,
      state: edit.state,
      postcode: edit.postcode,
      full: `${edit.street}, ${edit.city} ${edit.state} ${edit.postcode}`,
    };
    const openingHours = openingHoursOf(edit);
    const [after] = await scope.update(
      locations,
      {
        name: edit.name,
        visible: edit.visible,
        position: edit.position,
        address,
        contactDetail: { ...before.contactDetail, phone: edit.phone, email: edit.email },
        openingHours,
      },
      eq(locations.id, locationId),
    );
    return written("location.update", siteId, "location", locationId, before, after!, {
      kind: "settings",
      siteId,
    });
  });
}

/** A location's address name from its name: lower case, digits and dashes, unique per site. */
function locationSlug(name: string, taken: Set<string>): string {
  const base = slugify(name).slice(0, 60).replace(/-+$/, "") || "location";
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** Adds a location of one of the site's dealerships (`dealershipId`, checked by the caller). */
export function createLocation(
  deps: EditorDeps,
  siteId: number,
  dealershipId: number,
  edit: LocationEdit,
  options: LocationWriteOptions = {},
): Promise<EditorResult<typeof locations.$inferSelect>> {
  return editorTransaction({ ...deps, audit: options.audit }, async (tx) => {
    if (options.dealershipIds && !options.dealershipIds.includes(dealershipId))
      refuse(notFound("No such dealership on this site."));
    const scope = createSiteScope(tx, siteId);
    const taken = new Set((await scope.findMany(locations)).map((l) => l.slug));
    const [after] = await scope.insert(locations, {
      dealershipId,
      name: edit.name,
      slug: locationSlug(edit.name, taken),
      visible: edit.visible,
      position: edit.position,
      address: {
        street: edit.street,
        city: edit.city,
        state: edit.state,
        postcode: edit.postcode,
        lat: null,
        long: null,
        place_id: null,
        place_url: null,
        full: `${edit.street}, ${edit.city} ${edit.state} ${edit.postcode}`,
        map_key: null,
        map_url: null,
      },
      contactDetail: {
        phone: edit.phone,
        landline_phone: null,
        mobile: null,
        email: edit.email,
        social: {},
      },
      openingHours: openingHoursOf(edit),
    });
    return written("location.create", siteId, "location", after!.id, null, after!, {
      kind: "settings",
      siteId,
    });
  });
}

export const LOCATION_IN_USE =
  "Vehicles or bookings belong to this location, so it cannot be deleted. Untick “Shown on the site” to hide it instead.";

/** Deletes a location that no vehicle or booking refers to (else 409: hide it instead). */
export function deleteLocation(
  deps: EditorDeps,
  siteId: number,
  locationId: number,
  options: LocationWriteOptions = {},
): Promise<EditorResult<null>> {
  return editorTransaction({ ...deps, audit: options.audit }, async (tx) => {
    const scope = createSiteScope(tx, siteId);
    const before = await findOwnLocation(tx, siteId, locationId, options.dealershipIds);
    if (!before) refuse(notFound("No such location on this site."));
    const [vehicle] = await tx
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.locationId, locationId))
      .limit(1);
    const [booking] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.locationId, locationId))
      .limit(1);
    if (vehicle || booking) refuse({ ok: false, status: 409, errors: { form: LOCATION_IN_USE } });
    await scope.delete(locations, eq(locations.id, locationId));
    const result = written("location.delete", siteId, "location", locationId, before, null, {
      kind: "settings",
      siteId,
    });
    return { ...result, value: null };
  });
}

const SpecialHoursForm = z
  .object({
    date: z
      .string()
      .trim()
      .regex(ISO_DATE, "Enter the date.")
      .refine((v) => !Number.isNaN(Date.parse(v)), "Enter a real date."),
    status: z.enum(["Open", "Closed"], { error: "Choose open or closed." }),
    startHour: z.string().trim(),
    endHour: z.string().trim(),
    label: optionalText(80),
  })
  .superRefine((day, ctx) => {
    if (day.status === "Closed") return;
    if (!TIME.test(day.startHour))
      ctx.addIssue({
        code: "custom",
        path: ["startHour"],
        message: "Enter the opening time, e.g. 09:00.",
      });
    if (!TIME.test(day.endHour))
      ctx.addIssue({
        code: "custom",
        path: ["endHour"],
        message: "Enter the closing time, e.g. 13:00.",
      });
    else if (TIME.test(day.startHour) && day.endHour <= day.startHour)
      ctx.addIssue({
        code: "custom",
        path: ["endHour"],
        message: "Closing time comes after opening time.",
      });
  });
export type SpecialHoursEdit = z.infer<typeof SpecialHoursForm>;

export function parseSpecialHoursForm(form: SubmittedForm): Parsed<SpecialHoursEdit> {
  return parse(SpecialHoursForm, {
    date: str(form, "date"),
    status: str(form, "status"),
    startHour: str(form, "startHour"),
    endHour: str(form, "endHour"),
    label: str(form, "label"),
  });
}

export function addSpecialHours(
  deps: EditorDeps,
  siteId: number,
  locationId: number,
  edit: SpecialHoursEdit,
  options: LocationWriteOptions = {},
) {
  return editorTransaction({ ...deps, audit: options.audit }, async (tx) => {
    const scope = createSiteScope(tx, siteId);
    if (!(await findOwnLocation(tx, siteId, locationId, options.dealershipIds)))
      refuse(notFound("No such location on this site."));
    const open = edit.status === "Open";
    const [row] = await scope.insert(specialHours, {
      locationId,
      date: edit.date,
      status: edit.status,
      startHour: open ? edit.startHour : null,
      endHour: open ? edit.endHour : null,
      label: edit.label,
    });
    return written("location.special-hours.add", siteId, "special_hours", row!.id, null, row!, {
      kind: "settings",
      siteId,
    });
  });
}

export function deleteSpecialHours(
  deps: EditorDeps,
  siteId: number,
  locationId: number,
  specialHoursId: number,
  options: LocationWriteOptions = {},
) {
  return editorTransaction({ ...deps, audit: options.audit }, async (tx) => {
    if (!(await findOwnLocation(tx, siteId, locationId, options.dealershipIds)))
      refuse(notFound("No such special hours on this site."));
    const [row] = await createSiteScope(tx, siteId).delete(
      specialHours,
      and(eq(specialHours.id, specialHoursId), eq(specialHours.locationId, locationId))!,
    );
    if (!row) refuse(notFound("No such special hours on this site."));
    return written("location.special-hours.delete", siteId, "special_hours", row.id, row, null, {
      kind: "settings",
      siteId,
    });
  });
}

// ---- Offers ---------------------------------------------------------------------------------------

const OfferForm = z.object({
  name: text(120).min(1, "Enter the offer's name."),
  slug,
  manufacturerName: optionalText(60),
  modelName: optionalText(60),
  description: optionalText(5000),
  disclaimer: optionalText(5000),
  price: z
    .string()
    .trim()
    .transform((v) => (v === "" ? null : Number(v)))
    .refine(
      (n) => n === null || (Number.isFinite(n) && n >= 0 && n <= 10_000_000),
      "Enter a price from 0 to 10,000,000, or leave it empty.",
    ),
  linkHref: optionalText(500).refine(
    (v) => v === null || isSiteLink(v),
    "Enter a path on the site (/special-offers) or a full https:// address.",
  ),
  expiresAt: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || (ISO_DATE.test(v) && !Number.isNaN(Date.parse(v))),
      "Enter the last day of the offer, or leave it empty.",
    )
    .transform((v) => (v === "" ? null : v)),
  position,
});
export type OfferEdit = z.infer<typeof OfferForm>;

export function parseOfferForm(form: SubmittedForm): Parsed<OfferEdit> {
  return parse(
    OfferForm,
    Object.fromEntries(Object.keys(OfferForm.shape).map((k) => [k, str(form, k)])),
  );
}

export function listOffers(db: Database, siteId: number) {
  return createSiteScope(db, siteId).findMany(offers, {
    orderBy: [asc(offers.position), asc(offers.name)],
  });
}

export function loadOffer(db: Database, siteId: number, offerId: number) {
  return createSiteScope(db, siteId).findFirst(offers, eq(offers.id, offerId));
}

/** Creates an offer (`offerId` null) or updates one of the site's; slugs are unique per site. */
export function saveOffer(
  deps: EditorDeps,
  siteId: number,
  offerId: number | null,
  edit: OfferEdit,
  options: WriteOptions = {},
) {
  return editorTransaction({ ...deps, audit: options.audit }, async (tx) => {
    const scope = createSiteScope(tx, siteId);
    const before =
      offerId === null ? undefined : await scope.findFirst(offers, eq(offers.id, offerId));
    if (offerId !== null && !before) refuse(notFound("No such offer on this site."));
    const clash = await scope.findFirst(offers, eq(offers.slug, edit.slug));
    if (clash && clash.id !== offerId)
      refuse(invalid({ slug: "Another offer of this site has this address name." }));
    const [after] = before
      ? await scope.update(offers, edit, eq(offers.id, before.id))
      : await scope.insert(offers, edit);
    return written(
      before ? "offer.update" : "offer.create",
      siteId,
      "offer",
      after!.id,
      before,
      after!,
      { kind: "content", siteId },
    );
  });
}

export function deleteOffer(
  deps: EditorDeps,
  siteId: number,
  offerId: number,
  options: WriteOptions = {},
) {
  return editorTransaction({ ...deps, audit: options.audit }, async (tx) => {
    const [row] = await createSiteScope(tx, siteId).delete(offers, eq(offers.id, offerId));
    if (!row) refuse(notFound("No such offer on this site."));
    return written("offer.delete", siteId, "offer", row.id, row, null, { kind: "content", siteId });
  });
}

// ---- Content pages --------------------------------------------------------------------------------

export const PAGE_KINDS = Object.values(CONTENT_KINDS);

const PageForm = z.object({
  title: text(200).min(1, "Enter the page's title."),
  slug,
  kind: z.enum(CONTENT_KINDS, { error: "Choose a listed kind of page." }),
  metaDescription: optionalText(300),
  body: z.string().max(200_000, "Keep the page under 200,000 characters."),
  published: z.boolean(),
});
export type PageEdit = z.infer<typeof PageForm>;

export function parsePageForm(form: SubmittedForm): Parsed<PageEdit> {
  return parse(PageForm, {
    title: str(form, "title"),
    slug: str(form, "slug"),
    kind: str(form, "kind"),
    metaDescription: str(form, "metaDescription"),
    body: str(form, "body"),
    published: form.get("published") === "on",
  });
}

export function listPages(db: Database, siteId: number) {
  return createSiteScope(db, siteId).findMany(contentPages, {
    orderBy: [asc(contentPages.kind), asc(contentPages.slug)],
  });
}

export function loadPage(db: Database, siteId: number, pageId: number) {
  return createSiteScope(db, siteId).findFirst(contentPages, eq(contentPages.id, pageId));
}

/** Creates a page (`pageId` null) or updates one of the site's; the body is stored sanitised. */
export function savePage(
  deps: EditorDeps,
  siteId: number,
  pageId: number | null,
  edit: PageEdit,
  options: WriteOptions = {},
) {
  return editorTransaction({ ...deps, audit: options.audit }, async (tx) => {
    const scope = createSiteScope(tx, siteId);
    const before =
      pageId === null
        ? undefined
        : await scope.findFirst(contentPages, eq(contentPages.id, pageId));
    if (pageId !== null && !before) refuse(notFound("No such page on this site."));
    const clash = await scope.findFirst(contentPages, eq(contentPages.slug, edit.slug));
    if (clash && clash.id !== pageId)
      refuse(invalid({ slug: "Another page of this site has this address name." }));
    const values = {
      title: edit.title,
      slug: edit.slug,
      kind: edit.kind,
      metaDescription: edit.metaDescription,
      body: sanitizeContentHtml(edit.body),
      publishedAt: edit.published ? (before?.publishedAt ?? new Date()) : null,
      updatedAt: new Date(),
    };
    const [after] = before
      ? await scope.update(contentPages, values, eq(contentPages.id, before.id))
      : await scope.insert(contentPages, values);
    return written(
      before ? "page.update" : "page.create",
      siteId,
      "content_page",
      after!.id,
      before,
      after!,
      { kind: "content", siteId },
    );
  });
}

export function deletePage(
  deps: EditorDeps,
  siteId: number,
  pageId: number,
  options: WriteOptions = {},
) {
  return editorTransaction({ ...deps, audit: options.audit }, async (tx) => {
    const [row] = await createSiteScope(tx, siteId).delete(
      contentPages,
      eq(contentPages.id, pageId),
    );
    if (!row) refuse(notFound("No such page on this site."));
    return written("page.delete", siteId, "content_page", row.id, row, null, {
      kind: "content",
      siteId,
    });
  });
}
