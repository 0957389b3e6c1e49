/**
 * Runs a browser test's `body` with a demo site's settings changed, then puts them back: the
 * change given, or made from the site's current settings.
 */
import { eq } from "drizzle-orm";
import type { SiteSettings } from "~/domain/site-settings";
import { sites } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";

export async function withSettings(
  server: RunningServer,
  slug: string,
  change: Partial<SiteSettings> | ((settings: SiteSettings) => Partial<SiteSettings>),
  body: () => Promise<void>,
): Promise<void> {
  const site = server.registry.all().find((s) => s.slug === slug)!;
  const [row] = await server.database.db
    .select({ settings: sites.settings })
    .from(sites)
    .where(eq(sites.id, site.id));
  const changed = typeof change === "function" ? change(site.settings) : change;
  await server.database.db
    .update(sites)
    .set({ settings: { ...row!.settings, ...changed } })
    .where(eq(sites.id, site.id));
  await server.registry.reload(site.id);
  try {
    await body();
  } finally {
    await server.database.db
      .update(sites)
      .set({ settings: row!.settings })
      .where(eq(sites.id, site.id));
    await server.registry.reload(site.id);
  }
}
