/**
 * `npm run site:key -- --site SLUG --scope stock:write [--scope dashboard:read] [--label TEXT]`:
 * makes an API key for a site and prints it once (only its hash is stored).
 * `npm run site:key -- --site SLUG --revoke ID`: the key stops working at once (a leaked key).
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { openDatabaseFromEnv } from "~/server/db/open-from-env";
import { sites } from "~/server/db/schema";
import { parseEnv } from "~/server/env";
import {
  API_KEY_SCOPES,
  createSiteApiKey,
  isApiKeyScope,
  revokeSiteApiKey,
} from "~/server/sites/api-keys";

const usage = `Usage: npm run site:key -- --site SLUG --scope SCOPE [--scope SCOPE] [--label TEXT]
       npm run site:key -- --site SLUG --revoke ID
Scopes: ${API_KEY_SCOPES.join(", ")}`;

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      site: { type: "string" },
      scope: { type: "string", multiple: true },
      label: { type: "string" },
      revoke: { type: "string" },
    },
  }));
} catch (error) {
  fail((error as Error).message);
}
if (!values.site) fail("--site is required.");
const revokeId = values.revoke === undefined ? null : Number(values.revoke);
if (revokeId !== null && !(Number.isSafeInteger(revokeId) && revokeId > 0))
  fail("--revoke takes the key's id, the number printed when it was made.");
const scopes = values.scope ?? [];
if (revokeId === null && scopes.length === 0) fail("At least one --scope is required.");
const unknown = scopes.filter((s) => !isApiKeyScope(s));
if (unknown.length > 0) fail(`Unknown scope: ${unknown.join(", ")}.`);

const env = parseEnv(process.env);
const handle = await openDatabaseFromEnv(env);
try {
  await handle.migrate();
  const [site] = await handle.db
    .select({ id: sites.id, slug: sites.slug })
    .from(sites)
    .where(eq(sites.slug, values.site));
  if (!site) fail(`No site has the slug '${values.site}'.`);
  if (revokeId !== null) {
    const revoked = await revokeSiteApiKey(handle.db, site.id, revokeId);
    if (!revoked) fail(`${site.slug} has no key ${revokeId} that is still in use.`);
    console.log(`API key ${revokeId} of ${site.slug} is revoked.`);
    process.exit(0);
  }
  const { id, key } = await createSiteApiKey(handle.db, {
    siteId: site.id,
    label: values.label ?? `${scopes.join(" ")} key`,
    scopes: scopes.filter(isApiKeyScope),
  });
  console.log(
    `API key ${id} for ${site.slug} (website_id ${site.id}), scopes ${scopes.join(", ")}:`,
  );
  console.log(key);
  console.log("It is shown only now: store it where the client keeps its secrets.");
} finally {
  await handle.close();
}
