/** SMS kept in the `dev_sms` table instead of being sent (no provider configured). */
import type { Database } from "../../db/client";
import { devSms } from "../../db/schema";
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
