/**
 * Webhook delivery: the lead as JSON, POSTed to the dealership's endpoint and signed with
 * HMAC-SHA256 so the receiver can check it came from us and was not replayed.
 *
 *   X-Lead-Signature: t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{raw body}")}
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  answeredStatus,
  OutboundFetchError,
  outboundFetch,
  type OutboundFetch,
} from "../net/outbound-fetch";
import type { LeadDocument } from "./lead-document";

export function signPayload(secret: string, timestamp: number, body: string): string {
  const digest = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${digest}`;
}

/** For receivers (and tests): true when the signature matches and is at most `toleranceSeconds` old. */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const parts = Object.fromEntries(
    header.split(",").map((p) => p.split("=", 2) as [string, string]),
  );
  const timestamp = Number(parts.t);
  if (
    !Number.isFinite(timestamp) ||
    Math.abs(nowSeconds - timestamp) > toleranceSeconds ||
    !parts.v1
  )
    return false;
  const expected = Buffer.from(signPayload(secret, timestamp, body).split("v1=")[1]!, "hex");
  const given = Buffer.from(parts.v1, "hex");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function webhookBody(lead: LeadDocument): string {
  return JSON.stringify({
    event: "lead.created",
    id: lead.id,
    site: lead.site.slug,
    category: lead.category,
    subcategory: lead.subcategory,
    created_at: (lead.completedAt ?? lead.createdAt).toISOString(),
    lead: lead.payload,
    // The consent stored with the lead (null where the form asked nothing), as the e-mail and
    // the ADF carry it.
    marketing_consent:
      lead.consent.wording === null
        ? null
        : {
            given: lead.consent.given,
            wording: lead.consent.wording,
            at: lead.consent.at?.toISOString() ?? null,
          },
    details: { ...lead.details, fields: undefined },
    files: lead.files.map((f) => ({
      name: f.originalName,
      content_type: f.contentType,
      size: f.size,
    })),
  });
}

export class DeliveryHttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function postSigned(options: {
  url: string;
  body: string;
  secret: string | null;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /**
   * The guarded client (server/net/outbound-fetch.ts) unless told otherwise: a dealership's
   * webhook is staff input. A provider URL from the operator's environment passes its own.
   */
  fetch?: OutboundFetch;
}): Promise<string> {
  const timestamp = Math.floor(Date.now() / 1000);
  const send = options.fetch ?? outboundFetch;
  let response: Response;
  try {
    response = await send(options.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "dealer-sites-lead-delivery/1",
        ...(options.secret
          ? { "x-lead-signature": signPayload(options.secret, timestamp, options.body) }
          : {}),
        ...options.headers,
      },
      body: options.body,
      timeoutMs: options.timeoutMs ?? 10_000,
      // A receiver's answer is its status; its body is neither read nor shown.
      discardBody: true,
      maxRedirects: 0,
    });
  } catch (error) {
    if (error instanceof OutboundFetchError && error.status !== null)
      throw new DeliveryHttpError(error.message, error.status);
    throw error;
  }
  // The delivery log shows staff the status only: a receiver's body is not ours to show.
  if (!response.ok) throw new DeliveryHttpError(answeredStatus(response), response.status);
  return `HTTP ${response.status}`;
}
