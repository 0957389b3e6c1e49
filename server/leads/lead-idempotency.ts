/**
 * Recognising a repeat of a submission (docs/product/leads-and-forms.md, decision 007): by its
 * idempotency key (the Idempotency-Key header, or the payload's `idempotency_key`/`client_key`)
 * or, without a key, by a fingerprint of what the visitor typed, within 10 minutes.
 */
import { createHash } from "node:crypto";
import { leads } from "../db/schema";
import { HONEYPOT_FIELD } from "./guard";
import { textOf, type LeadFields } from "./lead-fields";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,200}$/;
export const FINGERPRINT_WINDOW_MS = 10 * 60_000;

export const INVALID_KEY_MESSAGE =
  "The idempotency key must be 8 to 200 letters, digits, '.', '_', ':' or '-'.";

/** Fields the server owns or uses for bookkeeping: never part of a fingerprint. */
const SERVER_KEYS = new Set([
  "url",
  "user_agent",
  "visited_pages",
  "linked_query_params",
  "idempotency_key",
  "client_key",
  HONEYPOT_FIELD,
  "lead_id",
  "source",
  "website_slug",
  "step_number",
  "skipped_steps",
]);

/** The key of a submission (header first, then the payload's); undefined when it is malformed. */
export function idempotencyKeyOf(
  header: string | null | undefined,
  fields: LeadFields,
): string | null | undefined {
  const key = header ?? (textOf(fields.idempotency_key) || textOf(fields.client_key) || null);
  if (key !== null && !IDEMPOTENCY_KEY.test(key)) return undefined;
  return key;
}

export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What the visitor typed, hashed: the same submission twice gives the same fingerprint. */
export function leadFingerprint(siteId: number, fields: LeadFields, completed: boolean): string {
  const typed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (SERVER_KEYS.has(key)) continue;
    typed[key] = typeof value === "string" ? value.trim() : value;
  }
  return createHash("sha256")
    .update(`${siteId}:${completed}:${stableJson(typed)}`)
    .digest("hex");
}

/** The first lead of a repeated submission. */
export type Replay = {
  id: string;
  fingerprint: string | null;
  formCompleted: boolean;
  category: string;
};

export const replayColumns = {
  id: leads.id,
  fingerprint: leads.fingerprint,
  formCompleted: leads.formCompleted,
  category: leads.category,
};
