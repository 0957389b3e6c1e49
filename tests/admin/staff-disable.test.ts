/**
 * Disabling and enabling staff accounts from the staff list: a disabled account's sessions end
 * and it cannot sign in; enabled again, it can; audited with before and after. Another group's
 * account, one's own account, and a role without the right are refused and change nothing.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, staffUsers } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { demoAccount, signInAs, staffIdOf, type StaffClient } from "../support/staff";
import { startTestServer } from "../support/test-server";

let server: RunningServer;
let manager: StaffClient;

const disabledAt = async (id: number) =>
  (
    await server.database.db
      .select({ at: staffUsers.disabledAt })
      .from(staffUsers)
      .where(eq(staffUsers.id, id))
  )[0]!.at;

beforeAll(async () => {
  server = await startTestServer();
  manager = await signInAs(server, "dealership_manager", { dealershipSlug: "harbour-toyota" });
});
afterAll(async () => {
  await server?.close();
});

describe("disabling staff accounts", () => {
  it("ends the account's sessions and its sign-in; enabling lets it sign in again; both audited", async () => {
    const salesEmail = demoAccount("sales_staff", "harbour-toyota").email;
    const salesId = await staffIdOf(server, salesEmail);
    const sales = await signInAs(server, "sales_staff", { dealershipSlug: "harbour-toyota" });
    expect((await sales.get("/admin/leads")).status).toBe(200);

    const page = await manager.get("/admin/staff");
    expect(page.body).toContain(`Disable `);
    const done = await manager.post("/admin/staff", {
      intent: "disable",
      account: String(salesId),
    });
    expect(done.status).toBe(200);
    expect(done.body).toContain("is disabled");
    expect(await disabledAt(salesId)).not.toBeNull();
    const after = await sales.get("/admin/leads");
    expect(after.status).toBe(302);
    expect(after.headers.location).toContain("/admin/sign-in");
    await expect(
      signInAs(server, "sales_staff", { dealershipSlug: "harbour-toyota" }),
    ).rejects.toThrow(/Sign-in .* failed/);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff.disable")))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ before: { disabledAt: null } });
    expect((entry!.after as { disabledAt: string }).disabledAt).toBeTruthy();
    expect(entry!.dealershipGroupId).not.toBeNull();

    const enabled = await manager.post("/admin/staff", {
      intent: "enable",
      account: String(salesId),
    });
    expect(enabled.status).toBe(200);
    expect(await disabledAt(salesId)).toBeNull();
    const again = await signInAs(server, "sales_staff", { dealershipSlug: "harbour-toyota" });
    expect((await again.get("/admin/leads")).status).toBe(200);
  });

  it("refuses another group's account, one's own, bad input and sales staff, changing nothing", async () => {
    const coastalSales = demoAccount("sales_staff", "coastal-kia-southport").email;
    const coastalId = await staffIdOf(server, coastalSales);
    const foreign = await manager.post("/admin/staff", {
      intent: "disable",
      account: String(coastalId),
    });
    expect(foreign.status).toBe(404);
    expect(await disabledAt(coastalId)).toBeNull();
    const ownId = await staffIdOf(
      server,
      demoAccount("dealership_manager", "harbour-toyota").email,
    );
    const own = await manager.post("/admin/staff", { intent: "disable", account: String(ownId) });
    expect(own.status).toBe(409);
    expect(await disabledAt(ownId)).toBeNull();
    expect((await manager.post("/admin/staff", { intent: "disable", account: "x" })).status).toBe(
      400,
    );
    const sales = await signInAs(server, "sales_staff", { dealershipSlug: "harbour-toyota" });
    const refused = await sales.post("/admin/staff", {
      intent: "disable",
      account: String(ownId),
    });
    expect(refused.status).toBe(403);
    expect(await disabledAt(ownId)).toBeNull();
  });
});
