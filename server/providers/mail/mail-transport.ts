/**
 * How lead e-mail leaves the platform: SMTP when SMTP_URL is set, otherwise the dev outbox (a
 * table shown at /_dev/mail on the platform host). The delivery worker only sees this interface.
 */

export type MailAttachment = {
  filename: string;
  contentType: string;
  /** Inline content, or `path` to a stored file. */
  content?: string | Buffer;
  path?: string;
};

export type OutgoingMail = {
  /** Deterministic per delivery (`<lead-{id}.{delivery}@host>`), so a receiver can drop a retry's copy. */
  messageId: string;
  from: { name: string; address: string };
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: MailAttachment[];
  /** The site the mail belongs to (the dev outbox files it by site). */
  siteId: number | null;
};

export type SentMail = { messageId: string; response: string };

export interface MailTransport {
  readonly kind: "smtp" | "dev-outbox";
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): Promise<void>;
}
