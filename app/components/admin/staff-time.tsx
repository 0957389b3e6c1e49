/**
 * A moment on a staff screen, in the time zone of the site it belongs to, with the zone named
 * ("28 Nov 2026, 4:11 pm AEDT"), in a `<time>` that carries the exact UTC value. The zones of
 * the sites the staff member reaches come with the back office shell.
 */
import { useRouteLoaderData } from "react-router";
import { staffTimeText, UTC_ZONE, type StaffZone } from "~/domain/staff-time";
import { ADMIN_LAYOUT_ID } from "./form";

type Precision = "minute" | "second";

/** The zone of a site on staff screens: its own, or the one every reachable site shares, or UTC. */
export function useStaffZone(siteId?: number | null): StaffZone {
  const data = useRouteLoaderData(ADMIN_LAYOUT_ID) as
    { zones?: Record<number, StaffZone> } | undefined;
  const zones = data?.zones ?? {};
  if (siteId != null && zones[siteId]) return zones[siteId];
  const all = Object.values(zones);
  return all.length > 0 && all.every((z) => z.timeZone === all[0]!.timeZone) ? all[0]! : UTC_ZONE;
}

export function StaffTime({
  iso,
  siteId,
  precision,
}: {
  iso: string;
  siteId?: number | null;
  precision?: Precision;
}) {
  const zone = useStaffZone(siteId);
  return <time dateTime={iso}>{staffTimeText(iso, zone, precision)}</time>;
}
