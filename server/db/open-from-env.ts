import { join } from "node:path";
import type { Env } from "../env";
import { openDatabase } from "./client";
import type { DatabaseHandle } from "./client";

/** The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
export function openDatabaseFromEnv(
  env: Pick<Env, "DATABASE_URL" | "DATA_DIR">,
): Promise<DatabaseHandle> {
  return env.DATABASE_URL
    ? openDatabase({ url: env.DATABASE_URL })
    : openDatabase({ dataDir: join(env.DATA_DIR, "pglite") });
}
