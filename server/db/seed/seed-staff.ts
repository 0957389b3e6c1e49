/**
 * The demo's back office accounts (docs/product/back-office.md, "Demo accounts"): a platform
 * admin, a group admin for each demo group, a manager for each demo dealership and a sales
 * person for each demo site's first dealership. Every one has the password DEMO_STAFF_PASSWORD,
 * for development and demos only. Deterministic: the salts derive from the e-mail addresses.
 */
import { createHash } from "node:crypto";
import type { StaffRole } from "~/domain/staff";
import { hashPassword } from "~/server/admin/passwords";
import type { Database } from "../client";
import { dealershipGroups, dealerships, staffUsers } from "../schema";
import { DEMO_SITES } from "./demo-sites";

/** Published in README: the demo's accounts only. */
export const DEMO_STAFF_PASSWORD = "back-office-demo";

export type DemoStaffAccount = {
  email: string;
  name: string;
  role: StaffRole;
  groupSlug: string | null;
  dealershipSlug: string | null;
};

export const PLATFORM_ADMIN_EMAIL = "platform-admin@dealer-sites.example";

export function demoStaffAccounts(): DemoStaffAccount[] {
  const accounts: DemoStaffAccount[] = [
    {
      email: PLATFORM_ADMIN_EMAIL,
      name: "Pat Platform",
      role: "platform_admin",
      groupSlug: null,
      dealershipSlug: null,
    },
  ];
  for (const site of DEMO_SITES) {
    if (site.group)
      accounts.push({
        email: `admin@${site.group.slug}.example`,
        name: `${site.group.name} Admin`,
        role: "group_admin",
        groupSlug: site.group.slug,
        dealershipSlug: null,
      });
    site.dealerships.forEach((dealership, i) => {
      accounts.push({
        email: `manager@${dealership.slug}.example`,
        name: `${dealership.name} Manager`,
        role: "dealership_manager",
        groupSlug: null,
        dealershipSlug: dealership.slug,
      });
      if (i === 0)
        accounts.push({
          email: `sales@${dealership.slug}.example`,
          name: `${dealership.name} Sales`,
          role: "sales_staff",
          groupSlug: null,
          dealershipSlug: dealership.slug,
        });
    });
  }
  return accounts;
}

const demoSalt = (email: string) =>
  createHash("sha256").update(`demo-staff-salt:${email}`).digest().subarray(0, 16);

export async function seedDemoStaff(db: Database): Promise<number> {
  const accounts = demoStaffAccounts();
  const groups = new Map(
    (await db.select().from(dealershipGroups)).map((g) => [g.slug, g.id] as const),
  );
  const dealershipRows = await db
    .select({ id: dealerships.id, slug: dealerships.slug, groupId: dealerships.dealershipGroupId })
    .from(dealerships);
  const bySlug = new Map(dealershipRows.map((d) => [d.slug, d] as const));
  const rows = await Promise.all(
    accounts.map(async (account) => {
      const dealership = account.dealershipSlug ? bySlug.get(account.dealershipSlug) : undefined;
      return {
        email: account.email,
        name: account.name,
        role: account.role,
        dealershipGroupId: account.groupSlug
          ? (groups.get(account.groupSlug) ?? null)
          : (dealership?.groupId ?? null),
        dealershipId: dealership?.id ?? null,
        passwordHash: await hashPassword(DEMO_STAFF_PASSWORD, demoSalt(account.email)),
      };
    }),
  );
  await db.insert(staffUsers).values(rows).onConflictDoNothing();
  return rows.length;
}
