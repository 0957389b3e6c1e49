/**
 * `npm run admin:create -- --email you@dealer.example [--name "Full Name"] [--password-stdin]`:
 * makes a platform administrator of the back office with a password the operator chooses (asked
 * at the terminal without echo, or read from standard input), or gives an existing platform admin
 * a new password. The first account of a new installation is made this way: a production server
 * seeds none (docs/deployment.md).
 * `npm run admin:create -- --disable-demo-accounts`: disables every account that still has the
 * demo's published password (a production server refuses to start while one does).
 * On the embedded database (DATA_DIR), stop the server first: one process at a time opens it.
 */
import { text } from "node:stream/consumers";
import { parseArgs } from "node:util";
import { read } from "read";
import { disableDemoPasswordAccounts } from "~/server/admin/demo-password-accounts";
import {
  platformAdminPasswordProblem,
  platformAdminProblem,
  setPlatformAdmin,
} from "~/server/admin/platform-admins";
import { openDatabaseFromEnv } from "~/server/db/open-from-env";
import { EnvError, parseEnv } from "~/server/env";

const usage = `Usage: npm run admin:create -- --email ADDRESS [--name "Full Name"] [--password-stdin]
       npm run admin:create -- --disable-demo-accounts
Without --password-stdin the password is asked for at the terminal (not shown).`;

function fail(message: string, withUsage = false): never {
  console.error(withUsage ? `${message}\n${usage}` : message);
  process.exit(1);
}

function parseArguments() {
  try {
    return parseArgs({
      options: {
        email: { type: "string" },
        name: { type: "string" },
        "password-stdin": { type: "boolean" },
        "disable-demo-accounts": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (error) {
    fail((error as Error).message, true);
  }
}
const values = parseArguments();
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const disableDemo = values["disable-demo-accounts"] === true;
if (disableDemo && (values.email !== undefined || values.name !== undefined))
  fail("--disable-demo-accounts takes no other option: run it on its own.", true);
if (!disableDemo && values.email === undefined) fail("--email is required.", true);

let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError) fail(error.message);
  throw error;
}

/** The password: standard input (one line), or asked twice at the terminal. */
async function readPassword(): Promise<string> {
  if (values["password-stdin"]) return (await text(process.stdin)).replace(/\r?\n$/, "");
  if (!process.stdin.isTTY)
    fail("No terminal to ask for the password: pass it on standard input with --password-stdin.");
  const password = await read({ prompt: "Password (12 to 200 characters): ", silent: true });
  const problem = platformAdminPasswordProblem(password);
  if (problem) fail(problem);
  const again = await read({ prompt: "The same password again: ", silent: true });
  if (again !== password) fail("The two passwords are not the same: nothing was changed.");
  return password;
}

// Everything the operator gives is checked before the database is opened.
let input: { email: string; name?: string; password: string } | null = null;
if (!disableDemo) {
  const account = { email: values.email!, name: values.name };
  const accountProblem = platformAdminProblem(account);
  if (accountProblem) fail(accountProblem);
  const password = await readPassword();
  const passwordProblem = platformAdminPasswordProblem(password);
  if (passwordProblem) fail(passwordProblem);
  input = { ...account, password };
}

const handle = await openDatabaseFromEnv(env);
let failure: string | null = null;
try {
  await handle.migrate();
  if (!input) {
    const disabled = await disableDemoPasswordAccounts(handle.db);
    if (disabled.length === 0) console.log("No enabled account has the demo password.");
    else {
      console.log(`Disabled ${disabled.length} account(s) that had the demo password:`);
      for (const email of disabled) console.log(`  ${email}`);
    }
  } else {
    const result = await setPlatformAdmin(handle.db, input);
    if (!result.ok) failure = result.message;
    else if (result.created)
      console.log(`Platform admin ${result.email} created: sign in at /admin/sign-in.`);
    else
      console.log(
        `Platform admin ${result.email} has its new password${result.enabled ? " and is enabled again" : ""}; every session it had has ended.`,
      );
  }
} finally {
  await handle.close();
}
if (failure) fail(failure);
