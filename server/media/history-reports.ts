/**
 * Vehicle history reports at /media/history/{name}.pdf, the path a vehicle's `file` names
 * (docs/product/vehicle-card-and-page.md, "Car History Report"; decision 059).
 *
 * A report is answered only for a vehicle the site lists (the site's search, its stock rules
 * forced) whose `file` is this very path. The file is the one stored for the site under
 * `{dir}/{site id}/{name}.pdf`; when none is stored, a demo or development server draws a demo
 * report from the vehicle's own data (marked as a demo report on every check), kept in a bounded
 * cache. A live server never draws one: a real dealer's shopper must not read made-up checks.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { formatOdometer, term } from "~/domain/locale";
import type { Locale } from "~/domain/site-settings";
import type { Vehicle } from "~/domain/vehicle";
import { BoundedCache } from "../bounded-cache";
import type { Env } from "../env";
import type { SiteSearch } from "../stock/site-search";
import { findListedVehiclesByStockNumber } from "../stock/listed-vehicle";

/** A report's file name: what the vehicle data links (its stock number in the demo). */
export const HISTORY_REPORT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The path of a report under the site's host. */
export function historyReportPath(name: string): string {
  return `/media/history/${name}.pdf`;
}

export type HistoryReportOptions = {
  /** Where stored reports are kept: `{dir}/{site id}/{name}.pdf`; null = none stored. */
  dir: string | null;
  /** Draw a demo report when none is stored (a demo or development server only). */
  drawDemoReports: boolean;
  /** The site's search (its stock rules forced on every query). */
  searchFor: (site: HistoryReportSite) => Pick<SiteSearch, "multiSearch">;
  /** Bytes of drawn reports kept in memory. */
  cacheMaxBytes?: number;
};

export type HistoryReportSite = { id: number; name: string; locale: Locale; searchKey: string };

export type HistoryReport = { pdf: Uint8Array; filename: string; demo: boolean };

const CACHE_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Whether a server draws demo reports: a demo (DEMO=true) or a server outside production. A
 * live server serves stored reports only, never made-up checks for a real dealer's car.
 */
export function drawsDemoHistoryReports(env: Pick<Env, "DEMO" | "NODE_ENV">): boolean {
  return env.DEMO || env.NODE_ENV !== "production";
}

export class HistoryReports {
  readonly #options: HistoryReportOptions;
  readonly #cache: BoundedCache<string, Uint8Array>;

  constructor(options: HistoryReportOptions) {
    this.#options = options;
    this.#cache = new BoundedCache(options.cacheMaxBytes ?? CACHE_MAX_BYTES);
  }

  /** The report at /media/history/{name}.pdf of the site, or null (answered 404). */
  async find(site: HistoryReportSite, name: string): Promise<HistoryReport | null> {
    if (!HISTORY_REPORT_NAME.test(name)) return null;
    const path = historyReportPath(name);
    const search = this.#options.searchFor(site);
    const vehicle = findListedVehiclesByStockNumber(search, name).find(
      (v) => v.file !== null && reportPathOf(v.file) === path,
    );
    if (!vehicle) return null;
    const filename = `${name}-history-report.pdf`;

    const stored = await this.#stored(site.id, name);
    if (stored) return { pdf: stored, filename, demo: false };
    if (!this.#options.drawDemoReports) return null;

    const key = [
      site.id,
      site.name,
      site.locale,
      vehicle.id,
      vehicle.name,
      vehicle.vin ?? "",
      vehicle.stocknum ?? "",
      vehicle.km,
      vehicle.location?.name ?? "",
    ].join("|");
    let pdf = this.#cache.get(key);
    if (!pdf) {
      pdf = await drawDemoHistoryReport(vehicle, site);
      this.#cache.set(key, pdf, pdf.byteLength);
    }
    return { pdf, filename, demo: true };
  }

  async #stored(siteId: number, name: string): Promise<Uint8Array | null> {
    if (this.#options.dir === null) return null;
    try {
      return await readFile(join(this.#options.dir, String(siteId), `${name}.pdf`));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }
}

/** The path part of a vehicle's `file` (it may be written with the site's origin). */
function reportPathOf(file: string): string {
  const text = file.trim();
  if (text.startsWith("/")) return text.split(/[?#]/)[0] ?? "";
  try {
    return new URL(text).pathname;
  } catch {
    return "";
  }
}

const INK = rgb(0.09, 0.11, 0.15);
const MUTED = rgb(0.33, 0.36, 0.41);
const LINE = rgb(0.82, 0.84, 0.87);
const DEMO = rgb(0.6, 0.2, 0.0);
const DEMO_BACKGROUND = rgb(1, 0.95, 0.86);
const CLEAR = rgb(0.05, 0.4, 0.2);

/** Text the standard fonts can write (WinAnsi): anything else becomes '?'. */
function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((c) => (known.has(c.codePointAt(0)!) ? c : "?")).join("");
}

/**
 * A demo history report for a vehicle: its heading, VIN, stock number and odometer, three checks
 * (registration, finance owing, written-off or stolen) each marked 'demo report', and the dealer.
 * The same vehicle draws the same bytes (no clock in it), so caches and ETags hold.
 */
export async function drawDemoHistoryReport(
  vehicle: Pick<
    Vehicle,
    | "name"
    | "vin"
    | "stocknum"
    | "km"
    | "year"
    | "colour"
    | "body"
    | "location"
    | "created_at_timestamp"
  >,
  site: Pick<HistoryReportSite, "name" | "locale">,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page: PDFPage = doc.addPage([595.28, 841.89]);
  const { width, height } = page.getSize();
  const margin = 48;
  const text = (
    value: string,
    x: number,
    y: number,
    options: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb> } = {},
  ) => {
    const font = options.font ?? regular;
    page.drawText(writable(font, value), {
      x,
      y,
      size: options.size ?? 11,
      font,
      color: options.color ?? INK,
    });
  };

  doc.setTitle(writable(regular, `Vehicle history report: ${vehicle.name} (demo report)`));
  doc.setAuthor(writable(regular, site.name));
  doc.setProducer("Dealer website demo");
  const made = new Date(vehicle.created_at_timestamp || 0);
  doc.setCreationDate(made);
  doc.setModificationDate(made);

  // The dealer and the report's name.
  page.drawRectangle({ x: 0, y: height - 88, width, height: 88, color: INK });
  text(site.name, margin, height - 52, { size: 18, font: bold, color: rgb(1, 1, 1) });
  text("Vehicle History Report", margin, height - 72, { size: 11, color: rgb(0.85, 0.87, 0.9) });

  // The demo warning, before anything else.
  let y = height - 88 - 24 - 40;
  page.drawRectangle({
    x: margin,
    y,
    width: width - 2 * margin,
    height: 40,
    color: DEMO_BACKGROUND,
  });
  text("DEMO REPORT", margin + 14, y + 23, { size: 11, font: bold, color: DEMO });
  text(
    "Sample data drawn for a demonstration website. No registry was searched.",
    margin + 14,
    y + 9,
    { size: 9.5, color: DEMO },
  );

  y -= 44;
  text(vehicle.name, margin, y, { size: 22, font: bold });

  y -= 34;
  const rows: [string, string][] = [
    ["VIN", vehicle.vin ?? "Not recorded"],
    ["Stock number", vehicle.stocknum ?? "Not recorded"],
    ["Odometer", formatOdometer(vehicle.km, site.locale)],
    ["Year", String(vehicle.year)],
    ["Body", vehicle.body ?? "Not recorded"],
    [term(site.locale, "colour"), vehicle.colour ?? "Not recorded"],
    ["Dealer", vehicle.location?.name ? `${site.name}, ${vehicle.location.name}` : site.name],
  ];
  for (const [label, value] of rows) {
    text(label, margin, y, { color: MUTED });
    text(value, margin + 130, y, { font: bold });
    y -= 8;
    page.drawLine({
      start: { x: margin, y },
      end: { x: width - margin, y },
      thickness: 0.5,
      color: LINE,
    });
    y -= 16;
  }

  y -= 18;
  text("Checks", margin, y, { size: 15, font: bold });
  y -= 26;
  const checks: [string, string][] = [
    ["Registration", "Registered, no cancellation recorded"],
    ["Finance owing", "No finance recorded against this vehicle"],
    ["Written-off or stolen", "Not recorded as written off or stolen"],
  ];
  for (const [label, result] of checks) {
    text(label, margin, y, { font: bold });
    text(result, margin + 130, y, { color: CLEAR });
    text("(demo report)", width - margin - 72, y, { size: 9.5, font: bold, color: DEMO });
    y -= 8;
    page.drawLine({
      start: { x: margin, y },
      end: { x: width - margin, y },
      thickness: 0.5,
      color: LINE,
    });
    y -= 18;
  }

  text(
    `Prepared for ${site.name}. This is a demo report: ask the dealer for the vehicle's real history.`,
    margin,
    margin,
    { size: 9, color: MUTED },
  );
  return doc.save();
}
