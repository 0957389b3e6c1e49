/**
 * Site scoping, written once. Loaders never query a tenant table directly: they ask the scope
 * of the request's site, which adds `site_id = {site}` to every statement: reads, and writes
 * (an insert sets the site, an update or delete touches only the site's rows and cannot move a
 * row to another site).
 */
import { and, count, eq } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";

/** A table whose rows belong to one site. */
export type SiteOwnedTable = PgTable & { siteId: PgColumn };

/** A row to write, without its site: the scope sets it. */
export type SiteRowValues<T extends SiteOwnedTable> = Omit<T["$inferInsert"], "siteId">;

/** Thrown when a write names another site than the scope's: a bug, never user input. */
export class SiteScopeViolation extends Error {
  constructor(siteId: number, other: unknown) {
    super(`A write scoped to site ${siteId} named site ${String(other)}.`);
    this.name = "SiteScopeViolation";
  }
}

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

  /** The values with the scope's site, refusing any that name another. */
  const withSite = <V extends object>(values: V): V & { siteId: number } => {
    const named = (values as { siteId?: unknown }).siteId;
    if (named !== undefined && named !== siteId) throw new SiteScopeViolation(siteId, named);
    return { ...values, siteId };
  };

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

    /** Inserts rows of this site (the scope sets `site_id`) and returns them. */
    async insert<T extends SiteOwnedTable>(
      table: T,
      values: SiteRowValues<T> | SiteRowValues<T>[],
    ): Promise<T["$inferSelect"][]> {
      const rows = (Array.isArray(values) ? values : [values]).map(withSite);
      if (rows.length === 0) return [];
      return (await db
        .insert(table as PgTable)
        .values(rows)
        .returning()) as T["$inferSelect"][];
    },

    /** Updates this site's rows that match `where`; a row cannot be moved to another site. */
    async update<T extends SiteOwnedTable>(
      table: T,
      set: Partial<SiteRowValues<T>>,
      where: SQL,
    ): Promise<T["$inferSelect"][]> {
      return (await db
        .update(table as PgTable)
        .set(withSite(set))
        .where(own(table, where))
        .returning()) as T["$inferSelect"][];
    },

    /** Deletes this site's rows that match `where` and returns them. */
    async delete<T extends SiteOwnedTable>(table: T, where: SQL): Promise<T["$inferSelect"][]> {
      return (await db
        .delete(table as PgTable)
        .where(own(table, where))
        .returning()) as T["$inferSelect"][];
    },
  };
}
