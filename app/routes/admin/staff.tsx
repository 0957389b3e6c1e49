/** Staff within reach, and inviting a colleague by e-mail (docs/product/back-office.md). */
import { data, Form, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/staff";
import {
  buttonClass,
  CsrfField,
  FormMessage,
  secondaryButtonClass,
  TextField,
} from "~/app/components/admin/form";
import { invitableRoles, isStaffRole, ROLE_LABELS } from "~/domain/staff";
import {
  invitationChoices,
  inviteStaff,
  listStaff,
  setStaffDisabled,
} from "~/server/admin/staff-accounts";
import { requireStaff } from "~/server/admin/staff-scope";

export function meta() {
  return [{ title: "Staff · Back office" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { staff, scope, ctx } = await requireStaff(args, "staff:invite");
  const accounts = await listStaff(ctx.db, scope);
  return {
    accounts: accounts.map((a) => ({
      id: a.id,
      email: a.email,
      name: a.name,
      role: isStaffRole(a.role) ? ROLE_LABELS[a.role] : a.role,
      active: a.active,
      disabled: a.disabledAt !== null,
      mayChange:
        a.id !== staff.id && isStaffRole(a.role) && invitableRoles(staff.role).includes(a.role),
    })),
    choices: invitationChoices(staff, scope),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, scope, form, ctx } = await requireStaff(args, "staff:invite");
  const intent = form?.get("intent");
  if (intent === "disable" || intent === "enable") {
    const changed = await setStaffDisabled(ctx, staff, scope, form!);
    if (!changed.ok)
      return data(
        { errors: {}, message: changed.message, invited: null, changed: null },
        { status: changed.status },
      );
    return {
      errors: {},
      message: null,
      invited: null,
      changed: changed.disabled
        ? `${changed.email} is disabled: its sessions have ended and it cannot sign in.`
        : `${changed.email} can sign in again.`,
    };
  }
  const result = await inviteStaff(ctx, staff, scope, form!);
  if (!result.ok)
    return data(
      { errors: result.errors, message: result.message ?? null, invited: null, changed: null },
      { status: result.status },
    );
  return { errors: {}, message: null, invited: result.email, changed: null };
}

const selectClass = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2";

export default function Staff() {
  const { accounts, choices } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = (result?.errors ?? {}) as Record<string, string | undefined>;
  const reachOptions = [
    ...choices.groups.map((g) => ({ value: `group:${g.id}`, label: `${g.name} (group)` })),
    ...choices.dealerships.map((d) => ({ value: `dealership:${d.id}`, label: d.name })),
  ];
  return (
    <>
      <h1 className="text-2xl font-bold">Staff</h1>
      {result?.changed ? (
        <p role="status" className="mt-2 rounded-md border border-green-700 bg-green-50 p-3">
          {result.changed}
        </p>
      ) : null}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full border-collapse bg-white text-left text-sm">
          <caption className="sr-only">Staff accounts</caption>
          <thead>
            <tr className="border-b border-slate-400">
              <th scope="col" className="p-2">
                Name
              </th>
              <th scope="col" className="p-2">
                E-mail
              </th>
              <th scope="col" className="p-2">
                Role
              </th>
              <th scope="col" className="p-2">
                State
              </th>
              <th scope="col" className="p-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.id} className="border-b border-slate-200">
                <td className="p-2">{a.name}</td>
                <td className="p-2">{a.email}</td>
                <td className="p-2">{a.role}</td>
                <td className="p-2">{a.disabled ? "Disabled" : a.active ? "Active" : "Invited"}</td>
                <td className="p-2">
                  {a.mayChange ? (
                    <Form method="post">
                      <CsrfField />
                      <input type="hidden" name="account" value={a.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={a.disabled ? "enable" : "disable"}
                        className={`${secondaryButtonClass} min-h-9 py-1 text-sm`}
                        aria-label={`${a.disabled ? "Enable" : "Disable"} ${a.name}`}
                      >
                        {a.disabled ? "Enable" : "Disable"}
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 className="mt-8 text-xl font-semibold">Invite a colleague</h2>
      {result?.invited ? (
        <p role="status" className="mt-2 rounded-md border border-green-700 bg-green-50 p-3">
          {`An invitation is on its way to ${result.invited}.`}
        </p>
      ) : null}
      <FormMessage errors={errors} message={result?.message} />
      <Form method="post" noValidate className="max-w-xl">
        <CsrfField />
        <TextField name="name" label="Name" required error={errors.name} />
        <TextField name="email" label="E-mail address" type="email" required error={errors.email} />
        {(["role", "reach"] as const).map((name) => (
          <div className="mt-4" key={name}>
            <label htmlFor={`field-${name}`} className="block font-medium">
              {name === "role" ? "Role" : "Group or dealership"}
            </label>
            <select
              id={`field-${name}`}
              name={name}
              className={selectClass}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={errors[name] ? `field-${name}-error` : undefined}
            >
              {(name === "role" ? choices.roles : reachOptions).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {errors[name] ? (
              <p id={`field-${name}-error`} className="mt-1 text-sm font-medium text-red-800">
                {errors[name]}
              </p>
            ) : null}
          </div>
        ))}
        <button type="submit" className={`${buttonClass} mt-6`}>
          Send the invitation
        </button>
      </Form>
    </>
  );
}
