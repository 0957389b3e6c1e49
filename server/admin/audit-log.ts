/** Reading the audit log within a staff scope, newest first (docs/product/back-office.md). */
import { desc } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";
import type { StaffScope } from "./staff-scope";

export const AUDIT_PAGE_SIZE = 50;

export async function listAudit(db: Database, scope: StaffScope, page: number) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(scope.audit())
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), more: rows.length > AUDIT_PAGE_SIZE };
}
