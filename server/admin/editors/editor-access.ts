/**
 * The editors' entry: the staff scope (server/admin/staff-scope.ts) signs the request in, checks
 * CSRF and the permission, then the site the URL names must be one the scope reaches, else 404
 * before anything is read. Every change is audited through the scope's audit log, in the change's
 * transaction.
 */
import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import type { Permission } from "~/domain/staff";
import { cspSourceOf } from "~/server/http/content-security-policy";
import type { Site } from "~/server/sites/site";
import type { AdminContext } from "../admin-context";
import { NO_ACCESS_MESSAGE, recordAudit, requireStaff } from "../staff-scope";
import type { AuditWriter, EditorDeps } from "./editor-write";

type Args = {
  request: Request;
  context: AppLoadContext;
  params: Record<string, string | undefined>;
};

/** A number id from a URL or form, or null (no database lookup for anything else). */
export function idParam(value: unknown): number | null {
  return typeof value === "string" && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export const notFoundResponse = () =>
  data("There is nothing at this address, or it is not within your account's reach.", {
    status: 404,
  });

/**
 * The site's own origin, for links from the back office to its pages and photos: the host's own
 * when the back office is on the site's host, else the site's domain or its address under the
 * platform's (local: `{slug}.localhost`).
 */
export function siteOriginFor(site: Site, ctx: AdminContext): string {
  if (ctx.host.kind === "site" && ctx.host.site.id === site.id) return ctx.origin;
  if (site.domainName) return `https://${site.domainName.toLowerCase()}`;
  return platformAddressOf(site, ctx);
}

/**
 * The site's address under the platform's domain (local: `{slug}.localhost`), which answers
 * whatever the site's own domain's DNS says: where the back office loads a site's photos from
 * when it is not on the site's own host.
 */
export function sitePhotoOrigin(site: Site, ctx: AdminContext): string {
  if (ctx.host.kind === "site" && ctx.host.site.id === site.id) return ctx.origin;
  return platformAddressOf(site, ctx);
}

function platformAddressOf(site: Site, ctx: AdminContext): string {
  const url = new URL(ctx.origin);
  if (url.hostname === "localhost" || url.hostname.endsWith(".localhost"))
    return `http://${site.slug}.localhost${url.port ? `:${url.port}` : ""}`;
  const platform = ctx.host.kind === "platform" ? url.host : url.host.split(".").slice(1).join(".");
  return `https://${site.slug}.${platform}`;
}

/**
 * What an editor works on: the site's own records (`site`: settings, navigation, promo popup,
 * offers, pages, imports), edited only by staff whose scope holds the whole site; or records of
 * one dealership within a site (`dealership`: stock, locations), whose rows the editor checks
 * against the scope's dealerships.
 */
export type EditorReach = "site" | "dealership";

/** The signed-in staff member editing the site `params.siteId`, with what the editors need. */
export async function requireSiteEditor(args: Args, permission: Permission, reach: EditorReach) {
  const { staff, scope, form, ctx } = await requireStaff(args, permission);
  const siteId = idParam(args.params.siteId);
  const site = siteId === null || !scope.hasSite(siteId) ? undefined : ctx.registry.byId(siteId);
  if (!site) throw notFoundResponse();
  // A site the scope reaches only in part (a dealership of a group's shared site).
  if (reach === "site" && !scope.ownsSite(site.id)) throw data(NO_ACCESS_MESSAGE, { status: 403 });
  const audit: AuditWriter = (tx, change) =>
    recordAudit(tx, staff, {
      action: change.action,
      subject: `${change.entity} ${change.entityId}`,
      siteId: change.siteId,
      before: change.before,
      after: change.after,
      requestId: ctx.requestId,
    });
  const deps: EditorDeps = { db: ctx.db, bus: args.context.bus };
  return {
    staff,
    scope,
    site: {
      id: site.id,
      name: site.name,
      slug: site.slug,
      vehiclePath: site.settings.vehiclePath,
      origin: siteOriginFor(site, ctx),
      /** Where the site's image CDN serves photos from (the back office's policy allows it). */
      imageCdnSource: cspSourceOf(site.settings.imageCdnTemplate ?? ""),
      photoOrigin: sitePhotoOrigin(site, ctx),
      /** The back office is on this site's own host: its relative photo paths load here. */
      sameHost: ctx.host.kind === "site" && ctx.host.site.id === site.id,
      /** Which of the site's editors this staff member may open (the links between them). */
      editors: {
        /** Settings, navigation, promo popup: the site's own records. */
        settings: scope.can("settings:write") && scope.ownsSite(site.id),
        /** Locations of the scope's dealerships (offers and pages too when the site is whole). */
        content: scope.can("content:write"),
        imports: scope.ownsSite(site.id),
      },
    },
    form: form ?? new FormData(),
    db: ctx.db,
    deps,
    audit,
    canWriteStock: scope.can("stock:write"),
  };
}
