/**
 * Reads a stock feed's bytes into validated vehicles and row errors (docs/stock-feeds.md).
 * A feed that cannot be read as a whole (not UTF-8, not CSV or JSON, no vehicles, a CSV
 * without a required column) throws `FeedRefusedError`; a bad row becomes a row error and the
 * other rows go on.
 */
import { CsvError, parse } from "csv-parse/sync";
import {
  FEED_FIELDS,
  FeedRowValidator,
  REQUIRED_FEED_COLUMNS,
  feedIdentity,
  type FeedRowError,
  type FeedVehicle,
} from "./feed-vehicle";

export type FeedFormat = "csv" | "json";

/** The feed as a whole is refused: nothing of it is applied. */
export class FeedRefusedError extends Error {
  constructor(message: string) {
    // Parsers quote the feed back (a JSON syntax error, a column name): never its zero bytes.
    super(message.replaceAll("\u0000", "\\0"));
  }
}

export type ParsedFeed = {
  format: FeedFormat;
  /** Data rows in the feed (good and bad). */
  rowCount: number;
  vehicles: Array<{ line: number; vehicle: FeedVehicle }>;
  errors: FeedRowError[];
  /**
   * Identities (stock number, else VIN) of every row, rejected ones included: a full feed never
   * marks as sold a vehicle whose row it carried, however badly written.
   */
  identities: Set<string>;
};

/** The format a Content-Type names; `undefined` for one that is neither CSV nor JSON. */
export function feedFormatOfContentType(contentType: string | undefined): FeedFormat | undefined {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) return "json";
  if (type === "text/csv" || type === "application/csv" || type === "text/plain") return "csv";
  return undefined;
}

/** The format of a file by its name, or by its first character when the name says nothing. */
export function feedFormatOfFile(name: string, bytes: Uint8Array): FeedFormat {
  if (/\.json$/i.test(name)) return "json";
  if (/\.(csv|txt)$/i.test(name)) return "csv";
  const first = new TextDecoder()
    .decode(bytes.subarray(0, 64))
    .replace(/^\uFEFF/, "")
    .trimStart();
  return first.startsWith("[") || first.startsWith("{") ? "json" : "csv";
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    const lossy = new TextDecoder("utf-8").decode(bytes);
    const line = lossy.slice(0, lossy.indexOf("\uFFFD")).split("\n").length;
    throw new FeedRefusedError(
      `The feed is not UTF-8 text (the first bad character is on line ${line}). Export or save it as UTF-8 ("CSV UTF-8" in spreadsheet programs) and send it again.`,
    );
  }
}

export function parseStockFeed(
  bytes: Uint8Array,
  format: FeedFormat,
  columns: Record<string, string> = {},
): ParsedFeed {
  if (bytes.length === 0) throw new FeedRefusedError("The feed is empty: it lists no vehicles.");
  const text = decodeUtf8(bytes);
  const raw = format === "json" ? jsonRows(text) : csvRows(text, columns);
  if (raw.rows.length === 0)
    throw new FeedRefusedError("The feed lists no vehicles: send at least one.");

  const vehicles: ParsedFeed["vehicles"] = [];
  const errors: FeedRowError[] = [];
  const identities = new Set<string>();
  const firstLineOf = new Map<string, number>();
  const validator = new FeedRowValidator();
  for (const { line, values, problem } of raw.rows) {
    // Both keys of the row: a vehicle is "in the feed" by either.
    for (const key of [
      feedIdentity({
        stocknum: typeof values.stocknum === "string" ? withoutNul(values.stocknum) : null,
      }),
      feedIdentity({ vin: typeof values.vin === "string" ? withoutNul(values.vin) : null }),
    ])
      if (key) identities.add(key);
    if (problem) {
      errors.push({ line, field: null, message: problem });
      continue;
    }
    // No text the database keeps can hold a zero byte: the row is refused, the others go on.
    const nulFields = FEED_FIELDS.filter((field) => holdsNul(values[field]));
    if (nulFields.length > 0) {
      for (const field of nulFields)
        errors.push({
          line,
          field: raw.columnName(field),
          message: `${raw.columnName(field)} ${NUL_MESSAGE}`,
        });
      continue;
    }
    const result = validator.validate(values, line, raw.columnName);
    if (!result.ok) {
      errors.push(...result.errors);
      continue;
    }
    const key = feedIdentity(result.vehicle)!;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      const field = key.startsWith("vin:") ? "vin" : "stocknum";
      errors.push({
        line,
        field: raw.columnName(field),
        message: `${raw.columnName(field)} ${key.slice(key.indexOf(":") + 1)} is also on line ${first}: each vehicle must appear once in a feed.`,
      });
      continue;
    }
    firstLineOf.set(key, line);
    vehicles.push({ line, vehicle: result.vehicle });
  }
  return { format, rowCount: raw.rows.length, vehicles, errors, identities };
}

export const NUL_MESSAGE =
  "contains a NUL character (a zero byte), which a vehicle's text cannot hold: remove it in the system that exports the feed";

const withoutNul = (text: string) => text.replaceAll("\u0000", "");

/** Whether a value, or any text inside it (a JSON list or object), has a zero byte. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 4 || typeof value !== "object" || value === null) return false;
  return Object.entries(value).some(
    ([key, item]) => key.includes("\u0000") || holdsNul(item, depth + 1),
  );
}

type RawRows = {
  rows: Array<{ line: number; values: Record<string, unknown>; problem?: string }>;
  columnName: (field: string) => string;
};

/** A JSON feed: an array of vehicles (or `{ "vehicles": [...] }`); "line" is the position, from 1. */
function jsonRows(text: string): RawRows {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new FeedRefusedError(
      `The feed is not valid JSON (${(error as Error).message}). A JSON feed is an array of vehicles: [{"stocknum": "A123", ...}].`,
    );
  }
  const list = Array.isArray(data)
    ? data
    : ((data as { vehicles?: unknown } | null)?.vehicles ?? null);
  if (!Array.isArray(list))
    throw new FeedRefusedError(
      'A JSON feed is an array of vehicles ([{"stocknum": "A123", ...}]) or {"vehicles": [...]}.',
    );
  return {
    rows: list.map((item, index) =>
      typeof item === "object" && item !== null && !Array.isArray(item)
        ? { line: index + 1, values: item as Record<string, unknown> }
        : { line: index + 1, values: {}, problem: "Each vehicle must be a JSON object." },
    ),
    columnName: (field) => field,
  };
}

/** Characters of a CSV read for its header before the whole feed is parsed. */
const HEADER_SCAN_CHARS = 64 * 1024;
/** Characters of each column name quoted back in a refusal. */
const QUOTED_NAME_CHARS = 40;

type CsvRecord = { record: string[]; info: { lines: number } };
const CSV_OPTIONS = { bom: true, info: true, relax_column_count: true, skip_empty_lines: true };

/** A CSV feed: a header row, then one vehicle per row; columns renamed by the site's mapping. */
function csvRows(text: string, mapping: Record<string, string>): RawRows {
  // The dealer's column name of each of the product's fields.
  const columnName = (field: string) => mapping[field] ?? field;
  // A feed without the required columns is refused from its first row alone, before its rows
  // are parsed: a large upload that is not a stock feed costs no more than one that is short.
  if (text.length > HEADER_SCAN_CHARS) {
    const first = firstCsvRecord(text.slice(0, HEADER_SCAN_CHARS));
    if (first) checkCsvHeader(headerNamesOf(first), columnName);
  }
  let records: CsvRecord[];
  try {
    records = parse(text, CSV_OPTIONS) as unknown as CsvRecord[];
  } catch (error) {
    const line =
      error instanceof CsvError
        ? ` (line ${(error as CsvError & { lines?: number }).lines ?? "?"})`
        : "";
    throw new FeedRefusedError(
      `The feed could not be read as CSV${line}: ${(error as Error).message}. Check the quotes around values that contain commas.`,
    );
  }
  const [header, ...data] = records;
  if (!header) throw new FeedRefusedError("The feed lists no vehicles: send at least one.");
  const headerNames = headerNamesOf(header);
  checkCsvHeader(headerNames, columnName);
  const indexOf = new Map(headerNames.map((name, index) => [name.toLowerCase(), index]));
  const fieldColumns = FEED_FIELDS.map(
    (field) => [field, indexOf.get(columnName(field).toLowerCase())] as const,
  ).filter(
    (entry): entry is readonly [(typeof FEED_FIELDS)[number], number] => entry[1] !== undefined,
  );

  return {
    rows: data.map(({ record, info }) => {
      const values: Record<string, unknown> = {};
      for (const [field, index] of fieldColumns) values[field] = record[index];
      const problem =
        record.length > headerNames.length
          ? `Line ${info.lines} has ${record.length} values but the header names ${headerNames.length} columns: put values that contain commas in double quotes.`
          : undefined;
      return { line: info.lines, values, problem };
    }),
    columnName,
  };
}

/** The first record of the start of a CSV; null when that start does not read as CSV. */
function firstCsvRecord(start: string): CsvRecord | null {
  try {
    const [first] = parse(start, { ...CSV_OPTIONS, to: 1 }) as unknown as CsvRecord[];
    return first ?? null;
  } catch {
    // Cut inside a quoted value, say: the whole feed is parsed, and refused, as it is.
    return null;
  }
}

function headerNamesOf(header: CsvRecord): string[] {
  return header.record.map((name) => withoutNul(name).trim());
}

/** Refuses a header without a required column or without the stock number and the VIN. */
function checkCsvHeader(headerNames: string[], columnName: (field: string) => string): void {
  const present = new Set(headerNames.map((name) => name.toLowerCase()));
  const has = (field: string) => present.has(columnName(field).toLowerCase());
  const missing = REQUIRED_FEED_COLUMNS.filter((field) => !has(field));
  const identityMissing = !has("stocknum") && !has("vin");
  if (missing.length === 0 && !identityMissing) return;
  const needed = [
    ...missing.map((field) => `'${columnName(field)}'`),
    ...(identityMissing ? [`'${columnName("stocknum")}' or '${columnName("vin")}'`] : []),
  ];
  const found = headerNames
    .slice(0, 12)
    .map((name) =>
      name.length > QUOTED_NAME_CHARS ? `'${name.slice(0, QUOTED_NAME_CHARS)}...'` : `'${name}'`,
    )
    .join(", ");
  throw new FeedRefusedError(
    `The CSV has no column ${needed.join(", ")}. The first row must name the columns; found ${found}${headerNames.length > 12 ? ", ..." : ""}. Rename the columns, or set the site's column mapping (stockFeed.columns).`,
  );
}
