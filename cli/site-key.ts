/**
 * `npm run site:key -- --site SLUG --scope stock:write [--scope dashboard:read] [--label TEXT]`:
 * makes an API key for a site and prints it once (only its hash is stored).
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { openDatabaseFromEnv } from "~/server/db/open-from-env";
import { sites } from "~/server/db/schema";
import { parseEnv } from "~/server/env";
import { API_KEY_SCOPES, createSiteApiKey, isApiKeyScope } from "~/server/sites/api-keys";

const usage = `Usage: npm run site:key -- --site SLUG --scope SCOPE [--scope SCOPE] [--label TEXT]
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
    },
  }));
} catch (error) {
  fail((error as Error).message);
}
if (!values.site) fail("--site is required.");
const scopes = values.scope ?? [];
if (scopes.length === 0) fail("At least one --scope is required.");
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
