/**
 * The dev outbox: without SMTP_URL, lead e-mail is written to the `dev_mail` table (so it
 * survives restarts and every process sees it) and shown at /_dev/mail on the platform host.
 */
import { stat } from "node:fs/promises";
import type { Database } from "~/server/db/client";
import { devMail } from "~/server/db/schema";
import type { MailTransport, OutgoingMail, SentMail } from "./mail-transport";

/** Attachments up to this size keep their content in the outbox (ADF/XML, small images). */
const INLINE_LIMIT = 256 * 1024;

export function createDevOutboxTransport(db: Database): MailTransport {
  return {
    kind: "dev-outbox",
    async send(mail: OutgoingMail): Promise<SentMail> {
      const attachments = await Promise.all(
        mail.attachments.map(async (a) => {
          const size =
            a.content !== undefined
              ? Buffer.byteLength(a.content)
              : a.path
                ? (await stat(a.path)).size
                : 0;
          const text =
            typeof a.content === "string" && size <= INLINE_LIMIT ? a.content : undefined;
          return {
            filename: a.filename,
            contentType: a.contentType,
            size,
            ...(text ? { content: text } : {}),
          };
        }),
      );
      await db.insert(devMail).values({
        siteId: mail.siteId,
        messageId: mail.messageId,
        from: `${mail.from.name} <${mail.from.address}>`,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments,
      });
      return { messageId: mail.messageId, response: "250 stored in the dev outbox" };
    },
    async close() {},
  };
}
