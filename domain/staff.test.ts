import { describe, expect, it } from "vitest";
import {
  invitableRoles,
  isLeadStatus,
  isStaffRole,
  LEAD_STATUSES,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
} from "./staff";

describe("Roles and scope (back-office.md)", () => {
  it.each([
    ["platform_admin", "audit:read", true],
    ["group_admin", "audit:read", true],
    ["dealership_manager", "audit:read", false],
    ["dealership_manager", "routing:write", true],
    ["dealership_manager", "stock:write", true],
    ["sales_staff", "leads:write", true],
    ["sales_staff", "stock:read", true],
    ["sales_staff", "stock:write", false],
    ["sales_staff", "routing:write", false],
    ["sales_staff", "staff:invite", false],
  ] as const)("%s may %s: %s", (role, permission, allowed) => {
    expect(ROLE_PERMISSIONS[role].includes(permission)).toBe(allowed);
  });

  it.each([
    ["platform_admin", STAFF_ROLES],
    ["group_admin", ["group_admin", "dealership_manager", "sales_staff"]],
    ["dealership_manager", ["dealership_manager", "sales_staff"]],
    ["sales_staff", ["sales_staff"]],
  ] as const)("%s invites roles at its level and below: %j", (role, roles) => {
    expect(invitableRoles(role)).toEqual(roles);
  });

  it("knows its roles only", () => {
    expect(isStaffRole("group_admin")).toBe(true);
    expect(isStaffRole("owner")).toBe(false);
  });
});

describe("Status workflow (back-office.md)", () => {
  it("has five statuses, new first", () => {
    expect(LEAD_STATUSES).toEqual(["new", "contacted", "appointment_set", "sold", "lost"]);
    expect(isLeadStatus("sold")).toBe(true);
    expect(isLeadStatus("archived")).toBe(false);
  });
});
