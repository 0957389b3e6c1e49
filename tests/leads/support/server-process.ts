/**
 * The platform as its own process, for tests that kill it (SIGKILL) and start it again on the
 * same database. Prints "READY {port}" once it listens.
 */
import { pino } from "pino";
import { parseEnv } from "~/server/env";
import { startServer } from "~/server/start";

const env = parseEnv(process.env);
const server = await startServer(env, { logger: pino({ level: env.LOG_LEVEL }) });
process.stdout.write(`READY ${server.port}\n`);
process.once("SIGTERM", () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
