/** The signed-in account: who, what it reaches, its sessions, and "Sign out everywhere". */
import { Form, useLoaderData } from "react-router";
import type { Route } from "./+types/account";
import { CsrfField, secondaryButtonClass, useStaff } from "~/app/components/admin/form";
import { countSessions } from "~/server/admin/sessions";
import { requireStaff } from "~/server/admin/staff-scope";

export function meta() {
  return [{ title: "Your account · Back office" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { staff, ctx } = await requireStaff(args);
  return { sessions: await countSessions(ctx.db, staff.id) };
}

export default function Account() {
  const { sessions } = useLoaderData<typeof loader>();
  const staff = useStaff();
  return (
    <>
      <h1 className="text-2xl font-bold">Your account</h1>
      <dl className="mt-4 grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-medium">Name</dt>
        <dd>{staff.name}</dd>
        <dt className="font-medium">E-mail</dt>
        <dd>{staff.email}</dd>
        <dt className="font-medium">Role</dt>
        <dd>{staff.roleLabel}</dd>
        <dt className="font-medium">Reaches</dt>
        <dd>{staff.reach}</dd>
      </dl>
      <h2 className="mt-8 text-xl font-semibold">Where you are signed in</h2>
      <p className="mt-2">
        {sessions === 1
          ? "You are signed in on this browser only."
          : `You are signed in on ${sessions} browsers or devices, this one included.`}
      </p>
      <Form method="post" action="/admin/sign-out" className="mt-4">
        <CsrfField />
        <input type="hidden" name="everywhere" value="yes" />
        <button type="submit" className={secondaryButtonClass}>
          Sign out everywhere
        </button>
      </Form>
    </>
  );
}
