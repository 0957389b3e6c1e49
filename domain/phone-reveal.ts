/**
 * The dealer phone number on vehicle cards (docs/product/vehicle-card-and-page.md, "Phone reveal"):
 * masked after the first 5 characters until clicked; some sites start revealed; the reveal is
 * recorded.
 */
import type { Vehicle } from "./vehicle";

export const PHONE_VISIBLE_CHARACTERS = 5;

/** Where the browser records a reveal (server/events/phone-reveal.ts answers it). */
export const PHONE_REVEAL_PATH = "/api/events/phone-reveal";
export const PHONE_MASK_CHARACTER = "X";

/** '0298765432' -> '02987XXXXX'; spaces and other separators after the cut stay as they are. */
export function maskPhone(phone: string): string {
  const visible = phone.slice(0, PHONE_VISIBLE_CHARACTERS);
  const hidden = phone
    .slice(PHONE_VISIBLE_CHARACTERS)
    .replace(/[0-9A-Za-z]/g, PHONE_MASK_CHARACTER);
  return visible + hidden;
}

/** The tel: link, only once the number is revealed (a masked number must not be dialable). */
export function phoneHref(phone: string, revealed: boolean): string | null {
  return revealed ? `tel:${phone.replace(/[^\d+]/g, "")}` : null;
}

/** The phone reveal record carries car_id, dealership_id and website_id. */
export function phoneRevealRecord(
  vehicle: Pick<Vehicle, "id" | "dealership_id">,
  websiteId: number,
): { car_id: number; dealership_id: number; website_id: number } {
  return { car_id: vehicle.id, dealership_id: vehicle.dealership_id, website_id: websiteId };
}
