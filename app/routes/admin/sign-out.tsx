/** Signing out (POST only): this browser, or with `everywhere` every session of the account. */
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { signOut } from "~/server/admin/sign-in";
import { requireStaff } from "~/server/admin/staff-scope";

export async function loader() {
  throw redirect("/admin/account");
}

export async function action(args: Route.ActionArgs) {
  const { staff, form, ctx } = await requireStaff(args);
  const clear = await signOut(ctx, staff, form?.get("everywhere") === "yes");
  throw redirect("/admin/sign-in", { headers: { "Set-Cookie": clear } });
}
