/** A back office address that does not exist: 404 inside the shell (signed in first). */
import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { requireStaff } from "~/server/admin/staff-scope";

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  throw data("There is nothing at this address.", { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
