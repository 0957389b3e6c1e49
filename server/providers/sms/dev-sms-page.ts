/**
 * /_dev/sms on the platform host: the SMS the dev outbox kept (sign-in codes, alerts), newest
 * first, for developers and demos; /_dev/sms.json for tests. Shown when /_dev/mail is.
 */
import { desc, eq } from "drizzle-orm";
import express from "express";
import type { Database } from "~/server/db/client";
import { devSms, sites } from "~/server/db/schema";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function createDevSmsRouter(db: Database) {
  const router = express.Router();
  const latest = () =>
    db
      .select({
        id: devSms.id,
        to: devSms.to,
        body: devSms.body,
        createdAt: devSms.createdAt,
        site: sites.slug,
      })
      .from(devSms)
      .leftJoin(sites, eq(sites.id, devSms.siteId))
      .orderBy(desc(devSms.id))
      .limit(100);

  router.get("/_dev/sms.json", async (_req, res, next) => {
    try {
      res.set("Cache-Control", "no-store").json({ messages: await latest() });
    } catch (error) {
      next(error);
    }
  });

  router.get("/_dev/sms", async (_req, res, next) => {
    try {
      const rows = (await latest())
        .map(
          (m) =>
            `<tr><td>${m.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td><td>${escapeHtml(m.site ?? "")}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.body)}</td></tr>`,
        )
        .join("");
      res
        .type("html")
        .set("Cache-Control", "no-store")
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Dev SMS outbox</title>` +
            `<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse;width:100%}th,td{padding:.4rem .6rem;border-bottom:1px solid #ddd;text-align:left}</style></head>` +
            `<body><main><h1>Dev SMS outbox</h1><p>SMS kept instead of sent (no Twilio account set). <a href="/_dev/mail">E-mail outbox</a></p>` +
            `<table><thead><tr><th>Sent</th><th>Site</th><th>To</th><th>Message</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No SMS yet.</td></tr>'}</tbody></table></main></body></html>`,
        );
    } catch (error) {
      next(error);
    }
  });
  return router;
}
