/**
 * Site scoping, written once. Loaders never query a tenant table directly: they ask the scope
 * of the request's site, which adds `site_id = {site}` to every statement.
 */
import { and, count, eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";

/** A table whose rows belong to one site. */
export type SiteOwnedTable = PgTable & { siteId: PgColumn };

type QueryOptions = {
  where?: SQL;
  orderBy?: SQL | PgColumn | Array<SQL | PgColumn>;
  limit?: number;
  offset?: number;
};

export type SiteScope = ReturnType<typeof createSiteScope>;

export function createSiteScope(db: Database, siteId: number) {
  /** `site_id = siteId AND where`: the condition every statement of this scope carries. */
  const own = (table: SiteOwnedTable, where?: SQL): SQL =>
    where ? (and(eq(table.siteId, siteId), where) as SQL) : eq(table.siteId, siteId);

  return {
    siteId,
    own,

    async findMany<T extends SiteOwnedTable>(
      table: T,
      options: QueryOptions = {},
    ): Promise<T["$inferSelect"][]> {
      const orderBy = options.orderBy
        ? Array.isArray(options.orderBy)
          ? options.orderBy
          : [options.orderBy]
        : [];
      let query = db
        .select()
        .from(table as PgTable)
        .where(own(table, options.where))
        .orderBy(...orderBy)
        .$dynamic();
      if (options.limit !== undefined) query = query.limit(options.limit);
      if (options.offset !== undefined) query = query.offset(options.offset);
      return (await query) as T["$inferSelect"][];
    },

    async findFirst<T extends SiteOwnedTable>(
      table: T,
      where?: SQL,
    ): Promise<T["$inferSelect"] | undefined> {
      const [row] = await this.findMany(table, { where, limit: 1 });
      return row;
    },

    async count(table: SiteOwnedTable, where?: SQL): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(table as PgTable)
        .where(own(table, where));
      return row?.n ?? 0;
    },
  };
}
