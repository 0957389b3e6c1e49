/**
 * One vehicle of a stock feed, as a dealer's system sends it (docs/stock-feeds.md,
 * docs/product/data-in.md). Field names are those of the Vehicle (`~/domain/vehicle`),
 * so a JSON feed is an array of vehicles in the product's own shape, and they are the default
 * CSV column names. CSV values arrive as text: numbers, yes/no values and lists are read from
 * text here, so that both formats meet one schema and one set of messages.
 */
import { z } from "zod";
import { CAR_TYPES, ITEM_TYPES, VEHICLE_STATUSES } from "~/domain/vehicle";

/** Separator of list values (photos, features, categories) inside one CSV cell. */
export const FEED_LIST_SEPARATOR = "|";

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const text = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: "must be text" })
      .trim()
      .max(max, { error: `must be at most ${max} characters` })
      .optional(),
  );

/** "$32,990", "32990.00" and 32990 are all 32990. */
const toNumber = (value: unknown) => {
  const v = blankToUndefined(value);
  if (typeof v !== "string") return v;
  const cleaned = v.trim().replace(/^\$/, "").replace(/,/g, "");
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : v;
};

/** The message of a missing value, or of a wrong one. */
const required =
  (wrong: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? "is required" : wrong;

/** An amount in dollars. */
const amountNumber = (what: string) =>
  z
    .number({ error: required(`must be ${what} in dollars as a number, like 32990 or 32990.50`) })
    .min(0, { error: "must not be negative" })
    .max(100_000_000, { error: "is too large for a vehicle price" });

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: required(`must be ${what} as a whole number`) })
    .int({ error: `must be ${what} as a whole number` })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

const YES = new Set(["true", "yes", "y", "1"]);
const NO = new Set(["false", "no", "n", "0"]);
const yesNo = (fallback: boolean) =>
  z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      if (typeof v !== "string") return v;
      const lower = v.trim().toLowerCase();
      return YES.has(lower) ? true : NO.has(lower) ? false : v;
    },
    z.boolean({ error: "must be yes or no (true/false, 1/0)" }).default(fallback),
  );

const list = (item: z.ZodType<string>) =>
  z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      if (v === undefined) return [];
      if (typeof v !== "string") return v;
      return v
        .split(FEED_LIST_SEPARATOR)
        .map((part) => part.trim())
        .filter(Boolean);
    },
    z.array(item, {
      error: `must be a list (in CSV, values separated by '${FEED_LIST_SEPARATOR}')`,
    }),
  );

const oneOf = <T extends readonly [string, ...string[]]>(values: T, fallback?: T[number]) => {
  const choice = z.enum(values, { error: required(`must be one of: ${values.join(", ")}`) });
  return z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === "string" ? v.trim().toLowerCase() : v;
    },
    fallback === undefined ? choice : choice.default(fallback as never),
  );
};

/** A photo: an http(s) address or a path on the site (`/media/...`); `{ url }` in JSON. */
const photoUrl = z.preprocess(
  (value) =>
    typeof value === "object" && value !== null && "url" in value
      ? (value as { url: unknown }).url
      : value,
  z
    .string({ error: "each photo must be an address" })
    .trim()
    .refine((url) => /^https?:\/\/[^\s]+$/i.test(url) || /^\/[^\s/][^\s]*$/.test(url), {
      error: "each photo must be a full http(s) address, like https://photos.example.com/1.jpg",
    }),
);

export const FeedVehicleSchema = z
  .object({
    stocknum: text(40),
    vin: z.preprocess(
      blankToUndefined,
      z
        .string({ error: "must be text" })
        .trim()
        .toUpperCase()
        .regex(/^[A-HJ-NPR-Z0-9]{5,17}$/, {
          error: "must be 5 to 17 letters and digits (a VIN has no I, O or Q)",
        })
        .optional(),
    ),
    make: z.preprocess(
      blankToUndefined,
      z.string({ error: "is required (the vehicle's make, e.g. Toyota)" }).trim().min(1).max(60),
    ),
    model: z.preprocess(
      blankToUndefined,
      z.string({ error: "is required (the vehicle's model, e.g. Corolla)" }).trim().max(80),
    ),
    year: z.preprocess(toNumber, wholeNumber("the model year", 1900, 2100)),
    car_type: oneOf(CAR_TYPES),
    price: z.preprocess(toNumber, amountNumber("the price")),
    price_type: text(60),
    before_price: z.preprocess(toNumber, amountNumber("the price before a saving").optional()),
    subscription_price: z.preprocess(toNumber, amountNumber("the subscription price").optional()),
    weekly_price: z.preprocess(toNumber, amountNumber("the weekly price").optional()),
    km: z.preprocess(toNumber, wholeNumber("the odometer in km", 0, 5_000_000).default(0)),
    name: text(200),
    badge: text(80),
    series: text(80),
    status: oneOf(VEHICLE_STATUSES, "in_stock"),
    item_type: oneOf(ITEM_TYPES, "car"),
    certified: yesNo(false),
    reserved: yesNo(false),
    preorder: yesNo(false),
    show_on_dealer_website: yesNo(true),
    simple_fuel: text(40),
    simple_body: text(40),
    simple_drive: text(40),
    simple_transmission: text(40),
    colour: text(40),
    seats: z.preprocess(toNumber, wholeNumber("the number of seats", 1, 99).optional()),
    engine: text(80),
    categories: list(z.string().trim().max(60)),
    features: list(z.string().trim().max(120)),
    images: list(photoUrl as z.ZodType<string>),
    tag: text(60),
    custom_rank: z.preprocess(toNumber, wholeNumber("the rank", -1_000_000, 1_000_000).default(0)),
    description: text(20_000),
    dealership_slug: text(120),
    location_slug: text(120),
  })
  .refine((v) => v.stocknum !== undefined || v.vin !== undefined, {
    error: "needs a stock number or a VIN, so the vehicle can be found again by the next feed",
    path: ["stocknum"],
  });

export type FeedVehicle = z.infer<typeof FeedVehicleSchema>;

/** The product's own field names: a JSON feed's keys and a CSV's default column names. */
export const FEED_FIELDS = Object.keys(FeedVehicleSchema.shape) as Array<keyof FeedVehicle>;

/** Columns a CSV must have (after the site's column mapping). */
export const REQUIRED_FEED_COLUMNS = ["make", "model", "year", "car_type", "price"] as const;

/** The key that finds a vehicle again: stock number first, else VIN (case-insensitive). */
export function feedIdentity(v: { stocknum?: string | null; vin?: string | null }): string | null {
  if (v.stocknum) return `stocknum:${v.stocknum.trim().toUpperCase()}`;
  if (v.vin) return `vin:${v.vin.trim().toUpperCase()}`;
  return null;
}

/** A row error a dealer can act on: "line 12, price: must be ...". */
export type FeedRowError = { line: number; field: string | null; message: string };

/** Validates one feed row; errors name the line and the field as the dealer's file names it. */
export function validateFeedRow(
  raw: Record<string, unknown>,
  line: number,
  columnName: (field: string) => string = (field) => field,
): { ok: true; vehicle: FeedVehicle } | { ok: false; errors: FeedRowError[] } {
  const result = FeedVehicleSchema.safeParse(raw, { reportInput: true });
  if (result.success) return { ok: true, vehicle: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => {
      const field = issue.path[0] === undefined ? null : columnName(String(issue.path[0]));
      const given =
        (typeof issue.input === "string" || typeof issue.input === "number") &&
        String(issue.input).length <= 40
          ? ` (got "${String(issue.input)}")`
          : "";
      return {
        line,
        field,
        message: `${field === null ? "" : `${field} `}${issue.message}${given}`,
      };
    }),
  };
}

type FieldResult = { ok: true; value: unknown } | { ok: false };

/**
 * Validates the rows of one feed, as `validateFeedRow` does, remembering each field's result
 * for each value seen: most cells of a feed repeat (the make, the colour, the fuel, the feature
 * list, empty cells), so most of a row's fields are read once per feed instead of once per row.
 * A row with any problem is validated again as a whole by `validateFeedRow`, so its messages are
 * exactly that function's. One validator per feed: what it remembers lives as long as it does.
 */
export class FeedRowValidator {
  private readonly shape = FeedVehicleSchema.shape as Record<string, z.ZodType>;
  private readonly seen = new Map<string, Map<unknown, FieldResult>>(
    FEED_FIELDS.map((field) => [field, new Map()]),
  );

  private field(field: string, raw: unknown): FieldResult {
    // Only plain values are remembered: an object or a list (JSON) could be changed afterwards.
    const plain = raw === null || typeof raw !== "object";
    const seen = this.seen.get(field)!;
    if (plain) {
      const known = seen.get(raw);
      if (known) return known;
    }
    const parsed = this.shape[field]!.safeParse(raw);
    const result: FieldResult = parsed.success ? { ok: true, value: parsed.data } : { ok: false };
    if (plain) seen.set(raw, result);
    return result;
  }

  validate(
    raw: Record<string, unknown>,
    line: number,
    columnName: (field: string) => string = (field) => field,
  ): ReturnType<typeof validateFeedRow> {
    const vehicle: Record<string, unknown> = {};
    for (const field of FEED_FIELDS) {
      const result = this.field(field, raw[field]);
      if (!result.ok) return validateFeedRow(raw, line, columnName);
      if (result.value !== undefined) vehicle[field] = result.value;
    }
    if (vehicle.stocknum === undefined && vehicle.vin === undefined)
      return validateFeedRow(raw, line, columnName);
    return { ok: true, vehicle: vehicle as FeedVehicle };
  }
}

/** Share of the listed stock a full feed would mark as sold, 0..1. */
export function removalShare(listed: number, removed: number): number {
  return listed === 0 ? 0 : removed / listed;
}
