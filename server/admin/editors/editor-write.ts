/**
 * What every editor's write shares (decision 028): input is validated before any I/O; a write is
 * one transaction with its audit entry, so nothing is half-saved; after the commit the change is
 * announced on the change bus, so every web node reloads the site (its version moves on) or
 * re-indexes the vehicles, without a restart.
 */
import type { Database } from "~/server/db/client";
import type { ChangeBus, SiteChange } from "~/server/events/change-bus";

export type EditorDeps = { db: Database; bus: ChangeBus };

/** One change a staff member made: what, which record, and its state before and after. */
export type EditorChange = {
  /** e.g. `site.settings`, `vehicle.update`, `location.update`. */
  action: string;
  siteId: number;
  entity: string;
  entityId: number | string;
  before: unknown;
  after: unknown;
};

/** Writes the audit entry of a change inside the change's transaction. */
export type AuditWriter = (tx: Database, change: EditorChange) => Promise<void>;

export type FieldErrors = Record<string, string>;

export type EditorResult<T> =
  | { ok: true; value: T }
  /** 400: bad input (a message per field); 404: no such record of this site; 409: edited meanwhile. */
  | { ok: false; status: 400 | 404 | 409; errors: FieldErrors };

export const invalid = (errors: FieldErrors) =>
  ({ ok: false, status: 400, errors }) as const satisfies EditorResult<never>;
export const notFound = (message = "Not found.") =>
  ({ ok: false, status: 404, errors: { form: message } }) as const satisfies EditorResult<never>;
export const conflict = () =>
  ({
    ok: false,
    status: 409,
    errors: {
      form: "Someone changed this while you were editing it. Review the current values and save again.",
    },
  }) as const satisfies EditorResult<never>;

/** Thrown inside a transaction to roll it back and answer this result. */
class Refusal extends Error {
  constructor(readonly result: EditorResult<never>) {
    super("refused");
  }
}

/** Rolls back the running editor transaction and answers `result`. */
export function refuse(result: EditorResult<never>): never {
  throw new Refusal(result);
}

/**
 * Runs `write` in one transaction, audits each change it reports in that transaction, then
 * announces `announce` once committed. `refuse()` inside rolls everything back.
 */
export async function editorTransaction<T>(
  deps: EditorDeps & { audit?: AuditWriter },
  write: (tx: Database) => Promise<{ value: T; changes: EditorChange[]; announce: SiteChange[] }>,
): Promise<EditorResult<T>> {
  let outcome: { value: T; changes: EditorChange[]; announce: SiteChange[] };
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const result = await write(tx as unknown as Database);
      if (deps.audit)
        for (const change of result.changes) await deps.audit(tx as unknown as Database, change);
      return result;
    });
  } catch (error) {
    if (error instanceof Refusal) return error.result;
    throw error;
  }
  for (const change of outcome.announce) await deps.bus.publish(change);
  return { ok: true, value: outcome.value };
}

/** Zod issues as one message per field (the first for each), fields named by their dotted path. */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join(".") || "form";
    errors[name] ??= issue.message;
  }
  return errors;
}
