/** /admin: the leads inbox is the back office's first page. */
import { redirect } from "react-router";

export function loader() {
  throw redirect("/admin/leads");
}
