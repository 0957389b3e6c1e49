/** The built-in lookup: the sample registrations of the demo data (table sample_registrations). */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/server/db/client";
import { sampleRegistrations } from "~/server/db/schema";
import { adjustForOdometer, type VehicleLookupProvider } from "./vehicle-lookup";

export function createSampleRegistrationProvider(db: Database): VehicleLookupProvider {
  return {
    name: "sample-registrations",
    async lookup(query, site) {
      const conditions = [eq(sampleRegistrations.rego, query.rego)];
      if (query.state) conditions.push(eq(sampleRegistrations.state, query.state));
      const [row] = await db
        .select()
        .from(sampleRegistrations)
        .where(and(...conditions))
        .limit(1);
      if (!row) return null;
      const currency = site.locale === "en-US" ? "USD" : site.locale === "en-NZ" ? "NZD" : "AUD";
      const valuation =
        row.tradeLow !== null && row.tradeHigh !== null
          ? adjustForOdometer(
              { low: row.tradeLow, high: row.tradeHigh, currency },
              row.year,
              query.km,
            )
          : null;
      return {
        rego: row.rego,
        state: row.state,
        vehicle: {
          year: row.year,
          make: row.make,
          model: row.model,
          badge: row.badge,
          body: row.body,
          fuel: row.fuel,
          transmission: row.transmission,
          colour: row.colour,
          vin: row.vin,
        },
        valuation,
        provider: "sample-registrations",
      };
    },
  };
}
