/**
 * Garage alerts queued by the stock write path (docs/product/garage.md, "Alerts"): a watched
 * vehicle that sells, and a watched vehicle whose price drops. Rows go into the alert outbox in
 * the stock write's own statement sequence (and transaction, when it has one), once per watcher
 * and event: the dedupe key makes a repeat a no-op. The worker (alert-worker.ts) sends them.
 */
import { sql } from "drizzle-orm";
import { isPriceShown } from "~/domain/vehicle-price";
import type { Database } from "../db/client";

/** A vehicle's price and status before and after one stock write. */
export type StockChange = {
  vehicleId: number;
  before: { price: number; status: string } | null;
  after: { price: number; status: string };
};

/** The changes that concern watchers: a sale, or a lower price above zero. */
export function alertWorthy(change: StockChange): "sold" | "price_drop" | null {
  const { before, after } = change;
  if (!before) return null;
  if (after.status === "sold" && before.status !== "sold") return "sold";
  // A drop to a price that is not shown is no price to announce.
  if (after.status !== "sold" && isPriceShown(after.price) && after.price < before.price)
    return "price_drop";
  return null;
}

/** Queues the alerts of one write's changes (one statement per kind of change). */
export async function queueStockAlerts(
  db: Database,
  siteId: number,
  changes: readonly StockChange[],
  at: Date,
): Promise<void> {
  const sold = changes.filter((c) => alertWorthy(c) === "sold");
  const drops = changes.filter((c) => alertWorthy(c) === "price_drop");
  if (sold.length > 0) {
    const ids = sql.join(
      sold.map((c) => sql`${c.vehicleId}`),
      sql`, `,
    );
    await db.execute(sql`
      INSERT INTO garage_alerts (site_id, user_id, kind, dedupe_key, payload)
      SELECT w.site_id, w.user_id, 'sold', 'sold:' || w.user_id || ':' || w.vehicle_id,
             jsonb_build_object('vehicleId', v.id, 'name', v.name, 'slug', v.slug, 'make', v.make, 'model', v.model)
      FROM garage_watchlist w
      JOIN garage_users u ON u.id = w.user_id AND NOT u.alerts_off
      JOIN vehicles v ON v.id = w.vehicle_id
      WHERE w.site_id = ${siteId} AND w.vehicle_id IN (${ids})
      ON CONFLICT (dedupe_key) DO NOTHING`);
  }
  if (drops.length > 0) {
    const rows = JSON.stringify(
      drops.map((c) => ({
        vehicle_id: c.vehicleId,
        old_price: c.before!.price,
        new_price: c.after.price,
      })),
    );
    await db.execute(sql`
      INSERT INTO garage_alerts (site_id, user_id, kind, dedupe_key, payload)
      SELECT w.site_id, w.user_id, 'price_drop',
             'price_drop:' || w.user_id || ':' || w.vehicle_id || ':' || ${at.getTime()},
             jsonb_build_object('vehicleId', v.id, 'name', v.name, 'slug', v.slug, 'make', v.make, 'model', v.model,
                                'oldPrice', d.old_price, 'newPrice', d.new_price)
      FROM jsonb_to_recordset(${rows}::jsonb) AS d(vehicle_id integer, old_price float8, new_price float8)
      JOIN garage_watchlist w ON w.vehicle_id = d.vehicle_id AND w.site_id = ${siteId}
      JOIN garage_users u ON u.id = w.user_id AND NOT u.alerts_off
      JOIN vehicles v ON v.id = w.vehicle_id
      ON CONFLICT (dedupe_key) DO NOTHING`);
  }
}
