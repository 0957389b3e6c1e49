/**
 * Unsubscribing from garage alerts without signing in (docs/product/garage.md, "Alerts"): the
 * token in the link names the watcher. Opening the link only shows a page with a button (mail
 * scanners open links); a POST to it unsubscribes, whether the page's button sends it or a mail
 * client's one-click unsubscribe (RFC 8058: `List-Unsubscribe=One-Click`). No CSRF token: the
 * link's token is the proof, and the POST does nothing but turn alerts off.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { garageUsers } from "../db/schema";
import { createSiteScope } from "../sites/scope";

/** The page an alert's unsubscribe link and its List-Unsubscribe header name. */
export const UNSUBSCRIBE_PATH = "/my-garage/unsubscribe";

export const unsubscribePath = (token: string) =>
  `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;

export const UNSUBSCRIBE_MESSAGES = {
  incomplete: "This unsubscribe link is not complete. Copy the whole link from the e-mail.",
  unknown: "This unsubscribe link is not known. It may be from an account that was deleted.",
} as const;

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;

export type UnsubscribeState = "ask" | "done" | "incomplete" | "unknown";

/** What the link's page shows: nothing is changed by looking. */
export async function unsubscribeState(
  db: Database,
  siteId: number,
  token: string | null,
): Promise<UnsubscribeState> {
  if (!token || !TOKEN.test(token)) return "incomplete";
  const user = await createSiteScope(db, siteId).findFirst(
    garageUsers,
    eq(garageUsers.unsubscribeToken, token),
  );
  if (!user) return "unknown";
  return user.alertsOff ? "done" : "ask";
}

/** Turns the watcher's alerts off; the state the page shows after. */
export async function unsubscribe(
  db: Database,
  siteId: number,
  token: string | null,
): Promise<UnsubscribeState> {
  if (!token || !TOKEN.test(token)) return "incomplete";
  const rows = await createSiteScope(db, siteId).update(
    garageUsers,
    { alertsOff: true },
    eq(garageUsers.unsubscribeToken, token),
  );
  return rows.length === 0 ? "unknown" : "done";
}

export const UNSUBSCRIBE_STATUS: Record<UnsubscribeState, number> = {
  ask: 200,
  done: 200,
  incomplete: 400,
  unknown: 404,
};
