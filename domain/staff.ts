/**
 * Back office rules (docs/product/back-office.md): staff roles and what each may do, the status
 * workflow of a lead, and the name of the CSRF field every back office form carries.
 */

export const STAFF_ROLES = [
  "platform_admin",
  "group_admin",
  "dealership_manager",
  "sales_staff",
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  platform_admin: "Platform admin",
  group_admin: "Group admin",
  dealership_manager: "Dealership manager",
  sales_staff: "Sales staff",
};

export const PERMISSIONS = [
  "leads:read",
  "leads:write",
  "routing:write",
  "stock:read",
  "stock:write",
  "settings:write",
  "content:write",
  "audit:read",
  "staff:invite",
  "reservations:read",
  "reservations:write",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each role may do (docs/product/back-office.md, "Roles and scope"). */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  platform_admin: PERMISSIONS,
  group_admin: PERMISSIONS,
  dealership_manager: [
    "leads:read",
    "leads:write",
    "routing:write",
    "stock:read",
    "stock:write",
    "settings:write",
    "content:write",
    "staff:invite",
    "reservations:read",
    "reservations:write",
  ],
  sales_staff: ["leads:read", "leads:write", "stock:read", "reservations:read"],
};

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);

/** The roles a member of staff may invite: their own level and below, within their reach. */
export function invitableRoles(role: StaffRole): StaffRole[] {
  return STAFF_ROLES.slice(STAFF_ROLES.indexOf(role));
}

/** A lead's status with the dealership (docs/product/back-office.md, "Status workflow"). */
export const LEAD_STATUSES = ["new", "contacted", "appointment_set", "sold", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  appointment_set: "Appointment set",
  sold: "Sold",
  lost: "Lost",
};

export const isLeadStatus = (value: unknown): value is LeadStatus =>
  typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);

/** The hidden field of every back office form that posts (checked against the session's token). */
export const CSRF_FIELD = "_csrf";

/** Length of a staff password (docs/product/back-office.md, "Signing in"). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;

/** Messages of the invitation and password reset pages. */
export const ACCOUNT_MESSAGES = {
  linkInvalid: "This link is not valid any more: it was used, or it expired. Ask for a new one.",
  resetSent:
    "If an account uses this address, we have sent it a link to choose a new password. The link works for one hour.",
  mailFailed: "The e-mail could not be sent just now. Please try again in a few minutes.",
  passwordsDiffer: "The two passwords are not the same.",
} as const;
