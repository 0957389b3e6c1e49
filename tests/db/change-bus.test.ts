/**
 * The change bus on PostgreSQL: when its listening connection is ended (the database restarted,
 * an administrator ended it), the process keeps running and the bus listens again, so later
 * changes from other nodes still arrive.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ChangeBus, type Change } from "~/server/events/change-bus";

const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DATABASE_KIND === "postgres" && Boolean(url);
if (!onPostgres) console.log("change bus reconnection: PostgreSQL only (TEST_DATABASE_URL)");

describe.skipIf(!onPostgres)("change bus on PostgreSQL", () => {
  const application = `change-bus-test-${randomBytes(4).toString("hex")}`;
  const listening = new pg.Pool({ connectionString: url, application_name: application, max: 2 });
  listening.on("error", () => undefined);
  const publishing = new pg.Pool({ connectionString: url, max: 2 });
  const listener = new ChangeBus(listening);
  const publisher = new ChangeBus(publishing);

  afterAll(async () => {
    await listener.stop();
    await publisher.stop();
    await listening.end();
    await publishing.end();
  });

  it("listens again after its connection is ended, reads everything again and hears the changes made after", async () => {
    await listener.start();
    const heard: Change[] = [];
    listener.subscribe((change) => void heard.push(change));
    // Site ids no test database holds: other test files on this database ignore them.
    await publisher.publish({ kind: "content", siteId: 900_000_001 });
    await vi.waitFor(() =>
      expect(heard.map((c) => ("siteId" in c ? c.siteId : c.kind))).toContain(900_000_001),
    );

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const ended = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
        [application],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }

    // What was announced while it was deaf is lost: it says so, and everything is read again.
    await vi.waitFor(() => expect(heard.map((c) => c.kind)).toContain("resync"), {
      timeout: 60_000,
      interval: 200,
    });
    await vi.waitFor(
      async () => {
        await publisher.publish({ kind: "content", siteId: 900_000_002 });
        expect(heard.map((c) => ("siteId" in c ? c.siteId : c.kind))).toContain(900_000_002);
      },
      { timeout: 60_000, interval: 500 },
    );
  });
});
