/** Lead e-mail over SMTP (nodemailer), pooled, with timeouts so a dead server fails fast. */
import nodemailer from "nodemailer";
import type { MailTransport, OutgoingMail, SentMail } from "./mail-transport";

export function createSmtpTransport(
  url: string,
  options: { maxConnections?: number } = {},
): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 4,
    maxMessages: 500,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);

  return {
    kind: "smtp",
    async send(mail: OutgoingMail): Promise<SentMail> {
      const info = await transporter.sendMail({
        messageId: mail.messageId,
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        attachments: mail.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          ...(a.path ? { path: a.path } : { content: a.content }),
        })),
      });
      return {
        messageId: String(info.messageId ?? mail.messageId),
        response: String(info.response ?? ""),
      };
    },
    async close() {
      transporter.close();
    },
  };
}
