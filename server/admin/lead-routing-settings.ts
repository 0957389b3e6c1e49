/**
 * Lead routing settings in the back office (docs/product/back-office.md, "Lead routing"): the
 * recipients of a site (site-wide), of a dealership and of a location: e-mail addresses, an ADF
 * recipient (a CRM's lead address: it gets the lead e-mail, whose ADF/XML it reads), a webhook
 * URL and its signing secret. Routing reads the table for every lead, so a change applies to
 * the next lead. Recipients limited to some categories are shown and kept as they are.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { leadRecipients, locations } from "../db/schema";
import type { StaffMember, StaffScope } from "./staff-scope";
import { recordAudit } from "./staff-scope";

export const MAX_EMAIL_RECIPIENTS = 10;
export const WEBHOOK_SECRET_MIN_LENGTH = 16;
const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

export type RoutingLevel =
  | { kind: "site"; siteId: number }
  | { kind: "dealership"; siteId: number; dealershipId: number }
  | { kind: "location"; siteId: number; dealershipId: number; locationId: number };

export type RoutingErrors = Partial<
  Record<"level" | "emails" | "adf" | "webhookUrl" | "webhookSecret", string>
>;

/** Which level a form names, if the scope reaches it (site-wide: staff whose scope holds the whole site). */
export async function routingLevelOf(
  db: Database,
  scope: StaffScope,
  value: string,
): Promise<RoutingLevel | null> {
  const match = /^(site|dealership|location):(\d{1,9})$/.exec(value);
  if (!match) return null;
  const id = Number(match[2]);
  const sites = scope.sites();
  if (match[1] === "site") {
    if (!scope.ownsSite(id)) return null;
    return { kind: "site", siteId: id };
  }
  if (match[1] === "dealership") {
    const site = sites.find((s) => s.dealerships.some((d) => d.id === id));
    if (!site || !scope.hasDealership(id)) return null;
    return { kind: "dealership", siteId: site.id, dealershipId: id };
  }
  const [location] = await db
    .select({ siteId: locations.siteId, dealershipId: locations.dealershipId })
    .from(locations)
    .where(eq(locations.id, id))
    .limit(1);
  if (!location || !scope.hasSite(location.siteId) || !scope.hasDealership(location.dealershipId))
    return null;
  return { kind: "location", ...location, locationId: id };
}

function levelWhere(level: RoutingLevel): SQL {
  return and(
    eq(leadRecipients.siteId, level.siteId),
    level.kind === "site"
      ? isNull(leadRecipients.dealershipId)
      : eq(leadRecipients.dealershipId, level.dealershipId),
    level.kind === "location"
      ? eq(leadRecipients.locationId, level.locationId)
      : isNull(leadRecipients.locationId),
  ) as SQL;
}

/** Every recipient of the scope's sites (secrets left out). */
export async function listRecipients(db: Database, scope: StaffScope) {
  const rows = await db
    .select({
      id: leadRecipients.id,
      siteId: leadRecipients.siteId,
      dealershipId: leadRecipients.dealershipId,
      locationId: leadRecipients.locationId,
      channel: leadRecipients.channel,
      target: leadRecipients.target,
      hasSecret: leadRecipients.secret,
      categories: leadRecipients.categories,
    })
    .from(leadRecipients)
    .where(scope.onSites(leadRecipients.siteId))
    .orderBy(asc(leadRecipients.id));
  return rows.map((r) => ({ ...r, hasSecret: Boolean(r.hasSecret) }));
}

export async function listScopeLocations(db: Database, scope: StaffScope) {
  return db
    .select({
      id: locations.id,
      name: locations.name,
      siteId: locations.siteId,
      dealershipId: locations.dealershipId,
    })
    .from(locations)
    .where(
      and(
        scope.onSites(locations.siteId),
        scope.dealershipIds ? inArray(locations.dealershipId, scope.dealershipIds) : undefined,
      ),
    )
    .orderBy(asc(locations.name));
}

export type RoutingForm = {
  emails: string[];
  adf: string | null;
  webhookUrl: string | null;
  webhookSecret: string | null;
};

/** Reads and checks a routing form (before any I/O). */
export function parseRoutingForm(form: FormData): { value: RoutingForm; errors: RoutingErrors } {
  const errors: RoutingErrors = {};
  const emails = String(form.get("emails") ?? "")
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  const bad = emails.filter((e) => e.length > 254 || !EMAIL.test(e));
  if (bad.length)
    errors.emails = `These are not e-mail addresses: ${bad.slice(0, 3).join(", ")}. Put one address per line.`;
  else if (emails.length > MAX_EMAIL_RECIPIENTS)
    errors.emails = `At most ${MAX_EMAIL_RECIPIENTS} addresses; use a shared mailbox for more.`;
  const adf =
    String(form.get("adf") ?? "")
      .trim()
      .toLowerCase() || null;
  if (adf && (adf.length > 254 || !EMAIL.test(adf)))
    errors.adf = "Enter the CRM's lead address, like leads@crm.example.com.";
  const webhookUrl = String(form.get("webhookUrl") ?? "").trim() || null;
  if (webhookUrl) {
    let url: URL | null = null;
    try {
      url = new URL(webhookUrl);
    } catch {
      url = null;
    }
    if (!url || url.protocol !== "https:" || webhookUrl.length > 500)
      errors.webhookUrl = "Enter the full https:// address of the webhook.";
  }
  const webhookSecret = String(form.get("webhookSecret") ?? "").trim() || null;
  if (
    webhookSecret &&
    (webhookSecret.length < WEBHOOK_SECRET_MIN_LENGTH || webhookSecret.length > 200)
  )
    errors.webhookSecret = `Use a secret of ${WEBHOOK_SECRET_MIN_LENGTH} to 200 characters.`;
  if (webhookSecret && !webhookUrl)
    errors.webhookSecret = "A secret needs a webhook address: enter it above, or clear the secret.";
  return { value: { emails: [...new Set(emails)], adf, webhookUrl, webhookSecret }, errors };
}

/**
 * Replaces the level's recipients that take every category with the form's, in one
 * transaction with its audit entry. A webhook keeps its secret when the form leaves it empty.
 */
export async function saveRouting(
  db: Database,
  staff: StaffMember,
  level: RoutingLevel,
  value: RoutingForm,
  requestId: string,
): Promise<{ ok: true } | { ok: false; errors: RoutingErrors }> {
  return db.transaction(async (tx) => {
    const current = await tx.select().from(leadRecipients).where(levelWhere(level));
    const editable = current.filter((r) => r.categories.length === 0);
    const oldWebhook = editable.find((r) => r.channel === "webhook");
    const secret =
      value.webhookSecret ??
      (value.webhookUrl && oldWebhook?.target === value.webhookUrl ? oldWebhook.secret : null);
    if (value.webhookUrl && !secret)
      return {
        ok: false as const,
        errors: {
          webhookSecret: "Enter the secret the webhook's receiver checks signatures with.",
        },
      };
    if (editable.length)
      await tx.delete(leadRecipients).where(
        inArray(
          leadRecipients.id,
          editable.map((r) => r.id),
        ),
      );
    const base = {
      siteId: level.siteId,
      dealershipId: level.kind === "site" ? null : level.dealershipId,
      locationId: level.kind === "location" ? level.locationId : null,
      categories: [] as string[],
    };
    const rows = [
      ...value.emails.map((target) => ({ ...base, channel: "email", target })),
      ...(value.adf ? [{ ...base, channel: "adf", target: value.adf }] : []),
      ...(value.webhookUrl
        ? [{ ...base, channel: "webhook", target: value.webhookUrl, secret }]
        : []),
    ];
    if (rows.length) await tx.insert(leadRecipients).values(rows);
    const shown = (list: Array<{ channel: string; target: string }>) =>
      list.map((r) => `${r.channel}:${r.target}`);
    await recordAudit(tx, staff, {
      action: "routing.update",
      subject:
        level.kind === "site"
          ? `site:${level.siteId}`
          : level.kind === "dealership"
            ? `dealership:${level.dealershipId}`
            : `location:${level.locationId}`,
      siteId: level.siteId,
      dealershipId: level.kind === "site" ? null : level.dealershipId,
      before: { recipients: shown(editable) },
      after: {
        recipients: shown(rows),
        webhookSecret: value.webhookSecret ? "changed" : secret ? "kept" : "none",
      },
      requestId,
    });
    return { ok: true as const };
  });
}
