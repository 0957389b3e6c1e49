/**
 * Stock in the back office: the stock list with the facets staff filter by, the vehicle editor's
 * form, and its write. A vehicle is written through the stock write path
 * (server/stock/vehicle-store.ts `writeVehicles`: price history kept) and announced like any
 * other stock change, so the search index of every node and the site's pages have it at once.
 * See docs/product/back-office.md, "Stock and site editors".
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, ne, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { z } from "zod";
import type { VehicleImage } from "~/domain/vehicle";
import type { Database } from "~/server/db/client";
import { stockImports, vehiclePriceHistory, vehicles, type VehicleRow } from "~/server/db/schema";
import { createSiteScope } from "~/server/sites/scope";
import { writeVehicles } from "~/server/stock/vehicle-store";
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
import type { SubmittedForm } from "./settings-form";
import { storePhotos, type CheckedPhoto } from "./vehicle-photos";

/** What the editor's status control offers; `hidden` keeps the status and hides the vehicle. */
export const EDITOR_STATUSES = ["in_stock", "coming_soon", "sold", "hidden"] as const;
export type EditorStatus = (typeof EDITOR_STATUSES)[number];
/**
 * What the stock list shows and filters by: the editor's statuses, and Reserved, the state a paid
 * deposit gives a vehicle (the storefront's own `reserved`), which staff do not set by hand.
 */
export const LIST_STATUSES = ["in_stock", "reserved", "coming_soon", "sold", "hidden"] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];
export const STATUS_LABELS: Record<ListStatus, string> = {
  in_stock: "In stock",
  reserved: "Reserved",
  coming_soon: "Coming soon",
  sold: "Sold",
  hidden: "Hidden",
};

export const AGE_BUCKETS = {
  "0-30": [0, 30],
  "31-60": [31, 60],
  "61-90": [61, 90],
  "91+": [91, null],
} as const satisfies Record<string, readonly [number, number | null]>;
export type AgeBucket = keyof typeof AGE_BUCKETS;

export const STOCK_PAGE_SIZE = 25;

export function editorStatusOf(
  row: Pick<VehicleRow, "status" | "showOnDealerWebsite">,
): EditorStatus {
  if (!row.showOnDealerWebsite) return "hidden";
  return (EDITOR_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as EditorStatus)
    : "in_stock";
}

// ---- The stock list -------------------------------------------------------------------------------

/** A vehicle's state in the stock list: reserved while on show, not sold, and reserved. */
function listStatusOf(
  row: Pick<VehicleRow, "status" | "showOnDealerWebsite" | "reserved">,
): ListStatus {
  const status = editorStatusOf(row);
  return row.reserved && status !== "hidden" && status !== "sold" ? "reserved" : status;
}

const optionalNumber = z
  .string()
  .trim()
  .transform((v) => (v === "" ? null : Number(v)))
  .refine((v) => v === null || (Number.isFinite(v) && v >= 0), "Enter an amount of 0 or more.");

const StockQuery = z.object({
  q: z.string().trim().max(100, "Search for at most 100 characters.").default(""),
  status: z.enum(["", ...LIST_STATUSES], { error: "Choose a listed status." }).default(""),
  make: z.string().trim().max(60).default(""),
  age: z
    .enum(["", ...(Object.keys(AGE_BUCKETS) as AgeBucket[])], { error: "Choose a listed age." })
    .default(""),
  photos: z.enum(["", "with", "without"], { error: "Choose with or without photos." }).default(""),
  minPrice: optionalNumber.default(null),
  maxPrice: optionalNumber.default(null),
  page: z.coerce
    .number({ error: "Pages are numbered 1, 2, 3..." })
    .int()
    .min(1)
    .max(10_000)
    .default(1),
});
export type StockQuery = z.infer<typeof StockQuery>;

/** Reads the stock list's filters from a URL's query; bad values answer a message per field. */
export function parseStockQuery(
  params: URLSearchParams,
): { ok: true; value: StockQuery } | { ok: false; errors: FieldErrors } {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(StockQuery.shape)) {
    const v = params.get(key);
    if (v !== null) raw[key] = v;
  }
  const parsed = StockQuery.safeParse(raw);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, errors: fieldErrorsOf(parsed.error.issues) };
}

export type StockListRow = {
  id: number;
  name: string;
  stocknum: string | null;
  make: string;
  price: number;
  priceType: string | null;
  status: ListStatus;
  photos: number;
  daysInStock: number;
  slug: string;
};

export type StockList = {
  rows: StockListRow[];
  total: number;
  page: number;
  pages: number;
  facets: { status: Record<ListStatus, number>; makes: { make: string; count: number }[] };
};

const DAY_MS = 86_400_000;

/** One site's stock, filtered, newest first, with counts per status and make. */
export async function listStock(
  db: Database,
  siteId: number,
  query: StockQuery,
  options: { dealershipIds?: number[] | null; now?: number } = {},
): Promise<StockList> {
  const now = options.now ?? Date.now();
  const scope = createSiteScope(db, siteId);
  const conditions: SQL[] = [];
  const own = dealershipCondition(options.dealershipIds);
  if (own) conditions.push(own);
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(vehicles.name, like), ilike(vehicles.stocknum, like), ilike(vehicles.vin, like))!,
    );
  }
  if (query.make) conditions.push(eq(vehicles.make, query.make));
  if (query.age) {
    const [from, to] = AGE_BUCKETS[query.age];
    conditions.push(lte(vehicles.createdAtTimestamp, now - from * DAY_MS));
    if (to !== null) conditions.push(gte(vehicles.createdAtTimestamp, now - (to + 1) * DAY_MS));
  }
  if (query.photos === "with") conditions.push(sql`jsonb_array_length(${vehicles.images}) > 0`);
  if (query.photos === "without") conditions.push(sql`jsonb_array_length(${vehicles.images}) = 0`);
  if (query.minPrice !== null) conditions.push(gte(vehicles.price, query.minPrice));
  if (query.maxPrice !== null) conditions.push(lte(vehicles.price, query.maxPrice));
  const statusCondition = (status: ListStatus): SQL => {
    if (status === "hidden") return eq(vehicles.showOnDealerWebsite, false);
    const shown = eq(vehicles.showOnDealerWebsite, true);
    if (status === "reserved")
      return and(shown, eq(vehicles.reserved, true), ne(vehicles.status, "sold")) as SQL;
    if (status === "sold") return and(shown, eq(vehicles.status, "sold")) as SQL;
    return and(shown, eq(vehicles.status, status), eq(vehicles.reserved, false)) as SQL;
  };

  const filtered = conditions.length ? (and(...conditions) as SQL) : undefined;
  const withStatus = query.status
    ? ((filtered
        ? and(filtered, statusCondition(query.status))
        : statusCondition(query.status)) as SQL)
    : filtered;

  const total = await scope.count(vehicles, withStatus);
  const pages = Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const rows = await scope.findMany(vehicles, {
    where: withStatus,
    orderBy: [desc(vehicles.createdAtTimestamp), desc(vehicles.id)],
    limit: STOCK_PAGE_SIZE,
    offset: (page - 1) * STOCK_PAGE_SIZE,
  });
  const status = Object.fromEntries(LIST_STATUSES.map((s) => [s, 0])) as Record<ListStatus, number>;
  for (const s of LIST_STATUSES)
    status[s] = await scope.count(
      vehicles,
      filtered ? (and(filtered, statusCondition(s)) as SQL) : statusCondition(s),
    );
  const makes = await db
    .select({ make: vehicles.make, count: count() })
    .from(vehicles)
    .where(scope.own(vehicles, own))
    .groupBy(vehicles.make)
    .orderBy(asc(vehicles.make));
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      stocknum: row.stocknum,
      make: row.make,
      price: row.price,
      priceType: row.priceType,
      status: listStatusOf(row),
      photos: row.images.length,
      daysInStock: Math.max(0, Math.floor((now - row.createdAtTimestamp) / DAY_MS)),
      slug: row.slug,
    })),
    total,
    page,
    pages,
    facets: { status, makes },
  };
}

/** Vehicles of these dealerships only (a dealership's staff); null or undefined: all of the site's. */
function dealershipCondition(ids: number[] | null | undefined): SQL | undefined {
  if (!ids) return undefined;
  return ids.length ? inArray(vehicles.dealershipId, ids) : sql`false`;
}

/** One vehicle of the site, with its price history (newest first); undefined for another site's. */
export async function loadVehicleForEditor(
  db: Database,
  siteId: number,
  vehicleId: number,
  dealershipIds: number[] | null = null,
) {
  const scope = createSiteScope(db, siteId);
  const own = dealershipCondition(dealershipIds);
  const vehicle = await scope.findFirst(
    vehicles,
    own ? (and(eq(vehicles.id, vehicleId), own) as SQL) : eq(vehicles.id, vehicleId),
  );
  if (!vehicle) return undefined;
  const prices = await scope.findMany(vehiclePriceHistory, {
    where: eq(vehiclePriceHistory.vehicleId, vehicleId),
    orderBy: desc(vehiclePriceHistory.changedAt),
    limit: 20,
  });
  return { vehicle, prices };
}

/** The site's stock imports, newest first, with their row errors. */
export function listImports(db: Database, siteId: number, limit = 50) {
  return createSiteScope(db, siteId).findMany(stockImports, {
    orderBy: desc(stockImports.id),
    limit,
  });
}

// ---- The vehicle editor ---------------------------------------------------------------------------

const PHOTO_URL = /^(\/[^\s]*|https?:\/\/[^\s]+)$/;

const VehicleForm = z.object({
  price: z
    .string()
    .trim()
    .min(1, "Enter the price (0 shows the vehicle as price on application).")
    .transform(Number)
    .refine((n) => Number.isFinite(n), "Enter the price as a number, e.g. 24990.")
    .refine((n) => n >= 0 && n <= 10_000_000, "Enter a price from 0 to 10,000,000."),
  priceType: z.string().trim().max(60, "Keep the price type under 60 characters."),
  status: z.enum(EDITOR_STATUSES, { error: "Choose in stock, coming soon, sold or hidden." }),
  tag: z.string().trim().max(40, "Keep the tag under 40 characters."),
  customRank: z
    .string()
    .trim()
    .transform((v) => (v === "" ? 0 : Number(v)))
    .refine(
      (n) => Number.isInteger(n) && Math.abs(n) <= 1_000_000,
      "Enter a whole number from -1,000,000 to 1,000,000.",
    ),
  description: z.string().max(20_000, "Keep the description under 20,000 characters."),
  photos: z
    .array(
      z
        .string()
        .trim()
        .regex(PHOTO_URL, "Each photo is a path (/media/...) or a full http(s) address."),
    )
    .max(100, "A vehicle has at most 100 photos."),
  updatedAt: z.string().trim(),
});

export type VehicleEdit = Omit<z.infer<typeof VehicleForm>, "updatedAt">;

/**
 * Reads the vehicle form: photos in their new order (`photos` one per line; `move` = "up:3" or
 * "down:0" moves one photo; `remove` drops one), validated before anything is read.
 */
export function parseVehicleForm(
  form: SubmittedForm,
): { ok: true; value: VehicleEdit; updatedAt: string } | { ok: false; errors: FieldErrors } {
  const str = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };
  const photos = str("photos")
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const move = /^(up|down):(\d+)$/.exec(str("move"));
  if (move) {
    const i = Number(move[2]);
    const j = move[1] === "up" ? i - 1 : i + 1;
    if (i < photos.length && j >= 0 && j < photos.length)
      [photos[i], photos[j]] = [photos[j]!, photos[i]!];
  }
  const remove = /^\d+$/.test(str("remove")) ? Number(str("remove")) : -1;
  if (remove >= 0 && remove < photos.length) photos.splice(remove, 1);
  const added = str("addPhoto").trim();
  if (added) photos.push(added);
  const parsed = VehicleForm.safeParse({
    price: str("price"),
    priceType: str("priceType"),
    status: str("status"),
    tag: str("tag"),
    customRank: str("customRank"),
    description: str("description"),
    photos,
    updatedAt: str("updatedAt"),
  });
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error.issues);
    for (const key of Object.keys(errors))
      if (key.startsWith("photos.")) {
        errors.photos ??= `Photo ${Number(key.split(".")[1]) + 1}: ${errors[key]}`;
        delete errors[key];
      }
    return { ok: false, errors };
  }
  const { updatedAt, ...value } = parsed.data;
  return { ok: true, value, updatedAt };
}

function imagesOf(photos: string[], current: VehicleImage[]): VehicleImage[] {
  const thumbs = new Map(current.map((image) => [image.url, image.thumb]));
  return photos.map((url) => ({ url, thumb: thumbs.get(url) ?? url }));
}

/** What the audit log keeps of a vehicle: the fields the editor changes. */
function editable(row: VehicleRow) {
  return {
    price: row.price,
    priceType: row.priceType,
    status: editorStatusOf(row),
    tag: row.tag,
    customRank: row.customRank,
    description: row.description,
    photos: row.images.map((i) => i.url),
  };
}

/**
 * Saves the editor's changes to one of the site's vehicles through the stock write path. Another
 * site's vehicle is "not found"; a vehicle saved by someone else since the form was read is a 409.
 */
export async function updateVehicle(
  deps: EditorDeps,
  siteId: number,
  vehicleId: number,
  edit: VehicleEdit,
  options: {
    audit?: AuditWriter;
    expectedUpdatedAt?: string | null;
    dealershipIds?: number[] | null;
    /** Uploaded photos (checked), stored with the change and added after the others. */
    uploads?: CheckedPhoto[];
  } = {},
): Promise<EditorResult<VehicleRow>> {
  return editorTransaction({ ...deps, audit: options.audit }, async (tx) => {
    const [row] = await tx
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.siteId, siteId), eq(vehicles.id, vehicleId)))
      .for("update");
    if (!row || (options.dealershipIds && !options.dealershipIds.includes(row.dealershipId)))
      refuse(notFound("No such vehicle on this site."));
    if (options.expectedUpdatedAt && row.updatedAt.toISOString() !== options.expectedUpdatedAt)
      refuse(conflict());
    const uploaded = await storePhotos(tx, siteId, options.uploads ?? []);
    const photos = [...edit.photos, ...uploaded];
    if (photos.length > 100) refuse(invalid({ photos: "A vehicle has at most 100 photos." }));
    const hidden = edit.status === "hidden";
    const status = hidden ? row.status : edit.status;
    const next: VehicleRow = {
      ...row,
      price: edit.price,
      priceType: edit.priceType || null,
      status,
      showOnDealerWebsite: !hidden,
      soldAt: status === "sold" ? (row.soldAt ?? new Date()) : null,
      tag: edit.tag || null,
      customRank: edit.customRank,
      description: edit.description.trim() === "" ? null : edit.description,
      images: imagesOf(photos, row.images),
    };
    await writeVehicles(tx, [next]);
    const [saved] = await tx.select().from(vehicles).where(eq(vehicles.id, vehicleId));
    return {
      value: saved!,
      changes: [
        {
          action: "vehicle.update",
          siteId,
          entity: "vehicle",
          entityId: vehicleId,
          before: editable(row),
          after: editable(saved!),
        },
      ],
      announce: [{ kind: "vehicle", siteId, ids: [vehicleId] }],
    };
  });
}
