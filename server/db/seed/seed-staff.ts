/**
 * The demo's back office accounts (docs/product/back-office.md, "Demo accounts"): a platform
 * admin, a group admin for each demo group, a manager for each demo dealership and a sales
 * person for each demo site's first dealership. Every one has the published password
 * DEMO_STAFF_PASSWORD, so they are made for development and demos only (DEMO), never on a live
 * server; all share one hash of it (server/admin/passwords.ts).
 */
import type { StaffRole } from "~/domain/staff";
import { DEMO_STAFF_PASSWORD, demoPasswordHash } from "~/server/admin/passwords";
import type { Database } from "../client";
import { dealershipGroups, dealerships, staffUsers } from "../schema";
import { DEMO_SITES } from "./demo-sites";

export { DEMO_STAFF_PASSWORD };

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

export async function seedDemoStaff(db: Database): Promise<number> {
  const accounts = demoStaffAccounts();
  const groups = new Map(
    (await db.select().from(dealershipGroups)).map((g) => [g.slug, g.id] as const),
  );
  const dealershipRows = await db
    .select({ id: dealerships.id, slug: dealerships.slug, groupId: dealerships.dealershipGroupId })
    .from(dealerships);
  const bySlug = new Map(dealershipRows.map((d) => [d.slug, d] as const));
  const passwordHash = await demoPasswordHash();
  const rows = accounts.map((account) => {
    const dealership = account.dealershipSlug ? bySlug.get(account.dealershipSlug) : undefined;
    return {
      email: account.email,
      name: account.name,
      role: account.role,
      dealershipGroupId: account.groupSlug
        ? (groups.get(account.groupSlug) ?? null)
        : (dealership?.groupId ?? null),
      dealershipId: dealership?.id ?? null,
      passwordHash,
    };
  });
  await db.insert(staffUsers).values(rows).onConflictDoNothing();
  return rows.length;
}
