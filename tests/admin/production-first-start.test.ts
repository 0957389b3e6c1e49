/**
 * A production start that is not a demo (docs/deployment.md, "First start and the first
 * administrator"), with the production entry (server/main.ts) as its own process on a database of
 * its own: an empty database gets no demo site and no demo account, and the log says how to make
 * the first administrator; `npm run admin:create` makes one, who signs in through the sign-in
 * form; a database where an account still has the demo's published password stops the start
 * (exit 1, naming the accounts) until they are disabled, while a demo (DEMO=true) starts on it.
 */
import { spawn } from "node:child_process";
import { scryptSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEMO_STAFF_PASSWORD, hashPassword } from "~/server/admin/passwords";
import { openDatabase } from "~/server/db/client";
import { staffUsers } from "~/server/db/schema";
import { PLATFORM_ADMIN_EMAIL } from "~/server/db/seed/seed-staff";
import type { RunningServer } from "~/server/start";
import { SmtpSink } from "../leads/support/smtp-sink";
import { startNode, type NodeProcess } from "../support/node-process";
import { demoAccount, formToken, staffClient } from "../support/staff";
import {
  createScratchDatabase,
  seedDataDir,
  testDatabaseKind,
  type ScratchDatabase,
} from "../support/test-database";
import { fetchWithHost, startTestServer } from "../support/test-server";

const root = fileURLToPath(new URL("../..", import.meta.url));
const tempDirs: string[] = [];
const scratches: ScratchDatabase[] = [];
let node: NodeProcess | null = null;

afterEach(async () => {
  await node?.stop("SIGKILL");
  node = null;
});
afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** Where a process keeps its database: a new DATA_DIR, and on PostgreSQL a new database. */
async function newDatabase(demo: boolean): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), "first-start-"));
  tempDirs.push(dataDir);
  if (testDatabaseKind === "postgres") {
    const scratch = await createScratchDatabase("first_start", { demo });
    scratches.push(scratch);
    return { DATA_DIR: dataDir, DATABASE_URL: scratch.url };
  }
  if (demo) await seedDataDir(dataDir);
  return { DATA_DIR: dataDir };
}

/** A production server that is not a demo (DEMO unset), started on `database`. */
async function startProduction(database: Record<string, string>, demo = false) {
  node = await startNode({ ...database, DEMO: demo ? "true" : "false" });
  return { port: node.port } as RunningServer;
}

/** Runs `npm run admin:create` with these arguments and standard input. */
function adminCreate(
  database: Record<string, string>,
  args: string[],
  input = "",
): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _database, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "cli/admin-create.ts", ...args], {
    cwd: root,
    env: { ...inherited, NODE_ENV: "production", ...database },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stdin.end(input);
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, output })));
}

async function signIn(server: RunningServer, email: string, password: string) {
  const client = staffClient(server);
  const page = await client.get("/admin/sign-in");
  const response = await client.post("/admin/sign-in", {
    _csrf: formToken(page.body),
    email,
    password,
  });
  return { client, response };
}

/** Starts a production server that must refuse; its exit code and output. */
async function refusedStart(database: Record<string, string>) {
  const error = await startProduction(database).then(
    () => null,
    (reason: unknown) => reason as Error,
  );
  expect(error, node?.output()).not.toBeNull();
  return error!.message;
}

describe("a production first start", () => {
  it("seeds nothing, says how to make the first administrator, who then signs in", async () => {
    const database = await newDatabase(false);
    let server = await startProduction(database);
    expect(node!.output()).toContain("No back office account yet");
    expect(node!.output()).toContain("npm run admin:create -- --email");
    const index = await fetchWithHost(server, "localhost", "/");
    expect(index.status).toBe(200);
    expect(index.body).toContain("<p>0 sites.");
    expect(index.body).not.toContain(".localhost:");
    const demo = await signIn(server, PLATFORM_ADMIN_EMAIL, DEMO_STAFF_PASSWORD);
    expect(demo.response.status).toBe(401);
    expect(demo.response.body).toContain("The e-mail address or password is not correct.");
    await node!.stop("SIGTERM");

    // The password rules hold, and the demo's password is refused, before anything is written.
    const email = "Owner@Dealer.example";
    const refused = await adminCreate(
      database,
      ["--email", email, "--password-stdin"],
      `${DEMO_STAFF_PASSWORD}\n`,
    );
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("This is the demo's published password");
    const short = await adminCreate(database, ["--email", email, "--password-stdin"], "short\n");
    expect(short.code).toBe(1);
    expect(short.output).toContain("Use at least 12 characters.");
    const badEmail = await adminCreate(database, ["--email", "owner", "--password-stdin"], "x");
    expect(badEmail.code).toBe(1);
    expect(badEmail.output).toContain("Give an e-mail address like name@example.com");

    const password = "the owner's own password";
    const made = await adminCreate(
      database,
      ["--email", email, "--name", "Olive Owner", "--password-stdin"],
      `${password}\n`,
    );
    expect(made.output).toContain("Platform admin owner@dealer.example created");
    expect(made.code).toBe(0);

    server = await startProduction(database);
    expect(node!.output()).not.toContain("No back office account yet");
    const wrong = await signIn(server, "owner@dealer.example", `${password}!`);
    expect(wrong.response.status).toBe(401);
    const owner = await signIn(server, "owner@dealer.example", password);
    expect(owner.response.status).toBe(302);
    const home = await owner.client.get("/admin/staff");
    expect(home.status).toBe(200);
    expect(home.body).toContain("owner@dealer.example");
    await node!.stop("SIGTERM");

    // Again with the same address: the password changes, the account stays the one admin.
    const reset = await adminCreate(
      database,
      ["--email", "owner@dealer.example", "--password-stdin"],
      "a second password of hers",
    );
    expect(reset.code).toBe(0);
    expect(reset.output).toContain("Platform admin owner@dealer.example has its new password");
    server = await startProduction(database);
    expect((await signIn(server, "owner@dealer.example", password)).response.status).toBe(401);
    const again = await signIn(server, "owner@dealer.example", "a second password of hers");
    expect(again.response.status).toBe(302);
  });
});

describe("accounts with the demo's published password", () => {
  it("stop a production start until they are disabled; a demo starts on them", async () => {
    const database = await newDatabase(true);
    const message = await refusedStart(database);
    expect(message).toMatch(/server process exited \(1\)/);
    expect(message).toContain("Not starting:");
    expect(message).toContain(PLATFORM_ADMIN_EMAIL);
    expect(message).toContain("sales@harbour-toyota.example");
    expect(message).toContain("npm run admin:create -- --disable-demo-accounts");

    const demo = await startProduction(database, true);
    const signedIn = await signIn(demo, PLATFORM_ADMIN_EMAIL, DEMO_STAFF_PASSWORD);
    expect(signedIn.response.status).toBe(302);
    await node!.stop("SIGTERM");

    // The command makes platform admins only: another role's account is left as it is.
    const other = await adminCreate(
      database,
      ["--email", "sales@harbour-toyota.example", "--password-stdin"],
      "a password of my own",
    );
    expect(other.code).toBe(1);
    expect(other.output).toContain("is a Sales staff account, not a platform admin");

    const disabled = await adminCreate(database, ["--disable-demo-accounts"]);
    expect(disabled.code).toBe(0);
    expect(disabled.output).toContain(PLATFORM_ADMIN_EMAIL);
    const server = await startProduction(database);
    expect(node!.output()).not.toContain("Not starting");
    const afterwards = await signIn(server, PLATFORM_ADMIN_EMAIL, DEMO_STAFF_PASSWORD);
    expect(afterwards.response.status).toBe(401);
  });

  it("are found under any salt at the demo's addresses, and at any address under the demo's hash", async () => {
    const database = await newDatabase(false);
    // Migrated by a first start, then given accounts the way earlier versions could have.
    await startProduction(database);
    await node!.stop("SIGTERM");
    const handle = await openDatabase(
      database.DATABASE_URL
        ? { url: database.DATABASE_URL }
        : { dataDir: join(database.DATA_DIR!, "pglite") },
    );
    const salt = Buffer.from("an older demo salt");
    const key = scryptSync(DEMO_STAFF_PASSWORD, salt, 64, {
      N: 32_768,
      r: 8,
      p: 1,
      maxmem: 1 << 26,
    });
    const olderHash = `scrypt$32768$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    await handle.db.insert(staffUsers).values([
      { email: PLATFORM_ADMIN_EMAIL, name: "Pat", role: "platform_admin", passwordHash: olderHash },
      {
        email: "someone@dealer.example",
        name: "Someone",
        role: "platform_admin",
        passwordHash: await hashPassword(DEMO_STAFF_PASSWORD),
      },
      {
        email: "gone@dealer.example",
        name: "Gone",
        role: "platform_admin",
        passwordHash: await hashPassword(DEMO_STAFF_PASSWORD),
        disabledAt: new Date(),
      },
    ]);
    await handle.close();

    const message = await refusedStart(database);
    expect(message).toContain(PLATFORM_ADMIN_EMAIL);
    expect(message).toContain("someone@dealer.example");
    expect(message).not.toContain("gone@dealer.example");
  });
});

describe("choosing a password", () => {
  it("refuses the demo's published password on the set-password page", async () => {
    const smtp = new SmtpSink();
    await smtp.start();
    const server = await startTestServer({ SMTP_URL: smtp.url });
    try {
      const email = demoAccount("dealership_manager", "harbour-ford").email;
      const client = staffClient(server);
      const form = await client.get("/admin/forgot-password");
      await client.post("/admin/forgot-password", { _csrf: formToken(form.body), email });
      await smtp.waitFor(() => smtp.messages.some((m) => m.to.includes(email)));
      const raw = smtp.messages.find((m) => m.to.includes(email))!.raw;
      const token = /set-password\?token=([A-Za-z0-9_-]+)/.exec(
        raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="),
      )![1];
      const link = `/admin/set-password?token=${token}`;
      const page = await client.get(link);
      const refused = await client.post(link, {
        _csrf: formToken(page.body),
        password: DEMO_STAFF_PASSWORD,
        confirm: DEMO_STAFF_PASSWORD,
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toContain("This is the demo&#x27;s published password");
      // The link still works for a password of one's own.
      const chosen = await client.post(link, {
        _csrf: formToken(page.body),
        password: "a password of my own",
        confirm: "a password of my own",
      });
      expect(chosen.status).toBe(302);
    } finally {
      await server.close();
      await smtp.stop();
    }
  });
});
