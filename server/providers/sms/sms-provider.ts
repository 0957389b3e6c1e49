/**
 * How SMS leaves the platform (sign-in codes, price-drop alerts without an e-mail address):
 * Twilio when its credentials are set, otherwise the dev outbox (a table shown at /_dev/sms on
 * the platform host, so the demo works with no account anywhere).
 */
export type OutgoingSms = {
  /** E.164. */
  to: string;
  body: string;
  siteId: number | null;
};

export interface SmsProvider {
  readonly kind: "twilio" | "dev-outbox";
  send(sms: OutgoingSms): Promise<{ id: string }>;
}
