/**
 * /_dev/mail on the platform host: the dev outbox (lead e-mail sent while no SMTP_URL is set)
 * and the state of lead deliveries, for developers and demos. Off in production unless
 * DEV_MAIL_PAGE=true: it shows visitors' details.
 */
import { desc, eq } from "drizzle-orm";
import express from "express";
import type { Request, Response } from "express";
import type { Database } from "../db/client";
import { devMail, leadDeliveries, sites } from "../db/schema";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE =
  "body{font-family:system-ui,sans-serif;margin:2rem;color:#111;max-width:72rem}table{border-collapse:collapse;width:100%}" +
  "th,td{padding:.4rem .6rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top;font-size:.9rem}" +
  "a{color:#0b3d91}pre{white-space:pre-wrap;background:#f5f5f5;padding:1rem;font-size:.85rem;overflow:auto}" +
  "iframe{width:100%;height:32rem;border:1px solid #ddd}.failed{color:#b91c1c;font-weight:600}.delivered{color:#15803d}";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function createDevMailRouter(db: Database) {
  const router = express.Router();

  router.get("/_dev/mail.json", async (_req, res) => {
    const rows = await db.select().from(devMail).orderBy(desc(devMail.id)).limit(200);
    res.set("Cache-Control", "no-store").json({ messages: rows });
  });

  router.get("/_dev/mail", async (_req: Request, res: Response) => {
    const [messages, deliveries] = await Promise.all([
      db
        .select({
          id: devMail.id,
          to: devMail.to,
          subject: devMail.subject,
          createdAt: devMail.createdAt,
          site: sites.name,
          attachments: devMail.attachments,
        })
        .from(devMail)
        .leftJoin(sites, eq(sites.id, devMail.siteId))
        .orderBy(desc(devMail.id))
        .limit(100),
      db
        .select({
          id: leadDeliveries.id,
          leadId: leadDeliveries.leadId,
          channel: leadDeliveries.channel,
          target: leadDeliveries.target,
          status: leadDeliveries.status,
          attempts: leadDeliveries.attempts,
          lastError: leadDeliveries.lastError,
          nextAttemptAt: leadDeliveries.nextAttemptAt,
          site: sites.name,
        })
        .from(leadDeliveries)
        .leftJoin(sites, eq(sites.id, leadDeliveries.siteId))
        .orderBy(desc(leadDeliveries.id))
        .limit(50),
    ]);
    const mailRows = messages
      .map(
        (m) =>
          `<tr><td>${m.createdAt.toISOString().replace("T", " ").slice(0, 19)}</td><td>${escapeHtml(m.site ?? "")}</td><td>${escapeHtml(m.to)}</td>` +
          `<td><a href="/_dev/mail/${m.id}">${escapeHtml(m.subject)}</a></td><td>${m.attachments.map((a) => escapeHtml(a.filename)).join(", ")}</td></tr>`,
      )
      .join("");
    const deliveryRows = deliveries
      .map(
        (d) =>
          `<tr><td>${d.id}</td><td>${escapeHtml(d.site ?? "")}</td><td><code>${d.leadId}</code></td><td>${d.channel}</td><td>${escapeHtml(d.target)}</td>` +
          `<td class="${d.status}">${d.status}</td><td>${d.attempts}</td><td>${escapeHtml(d.lastError ?? "")}${d.status === "pending" && d.attempts > 0 ? ` (next ${d.nextAttemptAt.toISOString()})` : ""}</td></tr>`,
      )
      .join("");
    res
      .type("html")
      .set("Cache-Control", "no-store")
      .send(
        page(
          "Dev outbox",
          `<h1>Dev outbox</h1><p>Lead e-mail sent while no <code>SMTP_URL</code> is set. Newest first. <a href="/_dev/mail.json">JSON</a></p>` +
            `<table><thead><tr><th scope="col">Sent (UTC)</th><th scope="col">Site</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Attachments</th></tr></thead><tbody>${mailRows || '<tr><td colspan="5">No mail yet. Send a form on any dealer site.</td></tr>'}</tbody></table>` +
            `<h2>Lead deliveries</h2><table><thead><tr><th scope="col">#</th><th scope="col">Site</th><th scope="col">Lead</th><th scope="col">Channel</th><th scope="col">Target</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last error</th></tr></thead><tbody>${deliveryRows || '<tr><td colspan="8">No deliveries yet.</td></tr>'}</tbody></table>`,
        ),
      );
  });

  router.get("/_dev/mail/:id", async (req, res) => {
    const [m] = await db
      .select()
      .from(devMail)
      .where(eq(devMail.id, Number(req.params.id) || 0));
    if (!m) return res.status(404).type("text/plain").send("No such message.");
    const attachments = m.attachments
      .map(
        (a) =>
          `<h3>${escapeHtml(a.filename)} <small>(${escapeHtml(a.contentType)}, ${a.size} bytes)</small></h3>${a.content ? `<pre>${escapeHtml(a.content)}</pre>` : ""}`,
      )
      .join("");
    res
      .type("html")
      .set("Cache-Control", "no-store")
      .send(
        page(
          m.subject,
          `<p><a href="/_dev/mail">All mail</a></p><h1>${escapeHtml(m.subject)}</h1>` +
            `<table><tbody><tr><th scope="row">From</th><td>${escapeHtml(m.from)}</td></tr><tr><th scope="row">To</th><td>${escapeHtml(m.to)}</td></tr>` +
            `<tr><th scope="row">Message-ID</th><td>${escapeHtml(m.messageId)}</td></tr><tr><th scope="row">Sent</th><td>${m.createdAt.toISOString()}</td></tr></tbody></table>` +
            `<h2>HTML</h2><iframe title="HTML body" sandbox src="/_dev/mail/${m.id}/html"></iframe>` +
            `<h2>Text</h2><pre>${escapeHtml(m.text)}</pre><h2>Attachments</h2>${attachments}`,
        ),
      );
  });

  router.get("/_dev/mail/:id/html", async (req, res) => {
    const [m] = await db
      .select({ html: devMail.html })
      .from(devMail)
      .where(eq(devMail.id, Number(req.params.id) || 0));
    if (!m) return res.status(404).type("text/plain").send("No such message.");
    // The mail's HTML is shown without scripts, forms or same-origin access.
    res
      .set(
        "Content-Security-Policy",
        "sandbox; default-src 'none'; img-src data: https:; style-src 'unsafe-inline'",
      )
      .type("html")
      .send(m.html ?? "");
  });

  return router;
}
