/**
 * When the lead outbox has provably finished with some leads: every delivery job of theirs is
 * delivered or failed, so no worker holds one any more and nothing of theirs can be sent again.
 * A test that asserts something was sent only once asserts it after this, not after a wait.
 */
import { inArray } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "~/server/db/client";
import { leadDeliveries } from "~/server/db/schema";

export async function outboxSettled(
  db: Database,
  leadIds: readonly string[],
  timeout = 60_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const jobs = await db
          .select({ status: leadDeliveries.status })
          .from(leadDeliveries)
          .where(inArray(leadDeliveries.leadId, [...leadIds]));
        return (
          jobs.length > 0 && jobs.every((j) => j.status === "delivered" || j.status === "failed")
        );
      },
      { timeout, interval: 100, message: "the leads' deliveries to be done" },
    )
    .toBe(true);
}
