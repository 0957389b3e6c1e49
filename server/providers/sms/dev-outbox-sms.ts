/** SMS kept in the `dev_sms` table instead of being sent (no provider configured). */
import type { Database } from "~/server/db/client";
import { devSms } from "~/server/db/schema";
import type { OutgoingSms, SmsProvider } from "./sms-provider";

export function createDevOutboxSms(db: Database): SmsProvider {
  return {
    kind: "dev-outbox",
    async send(sms: OutgoingSms) {
      const [row] = await db
        .insert(devSms)
        .values({ siteId: sms.siteId, to: sms.to, body: sms.body })
        .returning({ id: devSms.id });
      return { id: `dev-${row!.id}` };
    },
  };
}
