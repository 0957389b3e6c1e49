/**
 * Recognising a repeat of a submission (docs/product/leads-and-forms.md, decision 007): by its
 * idempotency key (the Idempotency-Key header, or the payload's `idempotency_key`/`client_key`)
 * or, without a key, by a fingerprint of what the visitor typed, within 10 minutes.
 */
import { createHash } from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { leads } from "../db/schema";
import type { SiteScope } from "../sites/scope";
import { HONEYPOT_FIELD } from "./guard";
import { textOf, type LeadFields } from "./lead-fields";
import type { Transaction } from "./lead-store";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{8,200}$/;
const FINGERPRINT_WINDOW_MS = 10 * 60_000;

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

const replayColumns = {
  id: leads.id,
  fingerprint: leads.fingerprint,
  formCompleted: leads.formCompleted,
  category: leads.category,
};

/**
 * The site's lead a submission repeats: the one with its key or, without a key, the latest with
 * its fingerprint in the window. Without a key, the fingerprint is locked for the rest of the
 * transaction first, so two identical submissions at once make one lead; where transactions
 * already run one at a time (PGlite's single connection), the lock is a round trip for nothing.
 */
export async function findReplay(
  tx: Transaction,
  scope: SiteScope,
  submission: { key: string | null; fingerprint: string; completed: boolean },
  options: { transactionsRunOneAtATime: boolean },
): Promise<Replay | undefined> {
  if (submission.key !== null) {
    const [existing] = await tx
      .select(replayColumns)
      .from(leads)
      .where(scope.own(leads, eq(leads.idempotencyKey, submission.key)));
    return existing;
  }
  if (!options.transactionsRunOneAtATime)
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${submission.fingerprint}, 0))`,
    );
  const [existing] = await tx
    .select(replayColumns)
    .from(leads)
    .where(
      scope.own(
        leads,
        and(
          eq(leads.fingerprint, submission.fingerprint),
          eq(leads.formCompleted, submission.completed),
          gt(leads.createdAt, new Date(Date.now() - FINGERPRINT_WINDOW_MS)),
        ),
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return existing;
}
