/**
 * Vehicle tags and condition labels (docs/product/vehicle-card-and-page.md, "Tags").
 */
import { DAY_MS } from "./listing";
import type { SiteSettings } from "./site-settings";
import { isSold, type CarType, type Vehicle } from "./vehicle";

export type VehicleTagKind =
  | "reserved"
  | "coming-soon"
  | "just-arrived"
  | "just-sold"
  | "electric"
  | "hybrid"
  | "phev"
  | "custom"
  | "certified";

export type VehicleTag = { kind: VehicleTagKind; label: string };

export const CERTIFIED_PRE_OWNED_LABEL = "Certified Pre-Owned";

/** The manufacturer's certified dialog. */
export const CERTIFIED_DIALOG_POINTS = ["90 point inspection", "1 year roadside assist"] as const;

type TagSettings = Pick<SiteSettings, "justArrivedDays" | "justArrivedTagName" | "soldTagName">;

/** The powertrain tag from the fuel type: plug-in hybrids first, as they also say 'hybrid'. */
export function powertrainTag(fuel: string | null): VehicleTag | null {
  const text = (fuel ?? "").toLowerCase();
  if (/\bphev\b|plug-?in/.test(text)) return { kind: "phev", label: "PHEV" };
  if (text.includes("hybrid")) return { kind: "hybrid", label: "Hybrid" };
  if (/electric|\bev\b|\bbev\b/.test(text)) return { kind: "electric", label: "Electric" };
  return null;
}

/** Just Arrived for `just_arrived_days` (default 8) after the vehicle arrives. */
export function isJustArrived(
  vehicle: Pick<Vehicle, "created_at_timestamp" | "status" | "sold">,
  settings: Pick<SiteSettings, "justArrivedDays">,
  nowMs: number,
): boolean {
  if (isSold(vehicle)) return false;
  const age = nowMs - vehicle.created_at_timestamp;
  return age >= 0 && age <= settings.justArrivedDays * DAY_MS;
}

/**
 * The tags a vehicle card shows, in display order: Reserved, Coming Soon, Just Arrived, Just Sold,
 * Electric/Hybrid/PHEV, the custom tag, certified.
 */
export function vehicleTags(
  vehicle: Pick<
    Vehicle,
    | "reserved"
    | "status"
    | "sold"
    | "created_at_timestamp"
    | "simple_fuel"
    | "fuel"
    | "tag"
    | "certified"
  >,
  settings: TagSettings,
  nowMs: number,
): VehicleTag[] {
  const sold = isSold(vehicle);
  const tags: VehicleTag[] = [];
  if (vehicle.reserved && !sold) tags.push({ kind: "reserved", label: "Reserved" });
  if (vehicle.status === "coming_soon") tags.push({ kind: "coming-soon", label: "Coming Soon" });
  if (isJustArrived(vehicle, settings, nowMs)) {
    tags.push({ kind: "just-arrived", label: settings.justArrivedTagName });
  }
  if (sold) tags.push({ kind: "just-sold", label: settings.soldTagName });
  const powertrain = powertrainTag(vehicle.simple_fuel ?? vehicle.fuel);
  if (powertrain) tags.push(powertrain);
  const custom = vehicle.tag?.trim();
  if (custom) tags.push({ kind: "custom", label: custom });
  if (vehicle.certified) tags.push({ kind: "certified", label: CERTIFIED_PRE_OWNED_LABEL });
  return tags;
}

/** 'used' is displayed as 'pre-owned' where the site says so. */
export function carTypeLabel(
  carType: CarType,
  settings: Pick<SiteSettings, "usedShownAsPreOwned">,
): string {
  switch (carType) {
    case "new":
      return "New";
    case "demo":
      return "Demo";
    case "used":
      return settings.usedShownAsPreOwned ? "Pre-owned" : "Used";
  }
}
