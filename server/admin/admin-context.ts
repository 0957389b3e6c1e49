/**
 * What the back office's loaders and actions receive on `context.admin` (server/http/app.ts sets
 * it for every /admin request): which host they were asked on, the database, the sign-in
 * throttle and the client. Everything else goes through the staff scope (staff-scope.ts).
 */
import type { Database } from "../db/client";
import type { MailTransport } from "../providers/mail/mail-transport";
import type { Site } from "../sites/site";
import type { SiteRegistry } from "../sites/site-registry";
import type { SignInThrottle } from "./sign-in-throttle";

/** The platform host reaches every group; a site's host only that site's group (or the site). */
export type AdminHost = { kind: "platform" } | { kind: "site"; site: Site };

export type AdminContext = {
  host: AdminHost;
  db: Database;
  registry: SiteRegistry;
  throttle: SignInThrottle;
  clientIp: string | null;
  userAgent: string | null;
  /** Cookies carry Secure when the back office is served over https. */
  secureCookies: boolean;
  /** The origin of this host's back office, for links in e-mail (invitations, resets). */
  origin: string;
  requestId: string;
  /** Invitations and password resets go out through the lead mail transport. */
  mail: { transport: MailTransport; from: string };
  /** Runs work once this request's answer has been sent (its failure is logged, not answered). */
  afterResponse(task: () => Promise<unknown>): void;
};
