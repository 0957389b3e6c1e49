/**
 * Lead routing: who receives the leads of each site, dealership and location (e-mail, ADF,
 * webhook). A change applies to the next lead (docs/product/back-office.md, "Lead routing").
 */
import { data, Form, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/routing";
import { buttonClass, CsrfField, FormMessage, TextField } from "~/app/components/admin/form";
import {
  listRecipients,
  listScopeLocations,
  parseRoutingForm,
  routingLevelOf,
  saveRouting,
} from "~/server/admin/lead-routing-settings";
import { requireStaff } from "~/server/admin/staff-scope";

export function meta() {
  return [{ title: "Lead routing · Back office" }];
}

const NOT_FOUND = "There is no such site, dealership or location within your account's reach.";

export async function loader(args: Route.LoaderArgs) {
  const { scope, ctx } = await requireStaff(args, "routing:write");
  const [recipients, locationRows] = await Promise.all([
    listRecipients(ctx.db, scope),
    listScopeLocations(ctx.db, scope),
  ]);
  const of = (siteId: number, dealershipId: number | null, locationId: number | null) =>
    recipients.filter(
      (r) => r.siteId === siteId && r.dealershipId === dealershipId && r.locationId === locationId,
    );
  const summary = (list: typeof recipients) =>
    list.map((r) => ({
      id: r.id,
      channel: r.channel,
      target: r.target,
      categories: r.categories,
    }));
  const levels = scope.sites().flatMap((site) => [
    ...(scope.ownsSite(site.id)
      ? [
          {
            key: `site:${site.id}`,
            label: `${site.name}: every lead of the site`,
            recipients: summary(of(site.id, null, null)),
          },
        ]
      : []),
    ...site.dealerships
      .filter((d) => scope.hasDealership(d.id))
      .flatMap((d) => [
        {
          key: `dealership:${d.id}`,
          label: `${d.name} (dealership)`,
          recipients: summary(of(site.id, d.id, null)),
        },
        ...locationRows
          .filter((l) => l.dealershipId === d.id)
          .map((l) => ({
            key: `location:${l.id}`,
            label: `${d.name}: ${l.name} (location)`,
            recipients: summary(of(site.id, d.id, l.id)),
          })),
      ]),
  ]);
  const chosen = new URL(args.request.url).searchParams.get("level");
  const editing = chosen ? levels.find((l) => l.key === chosen) : undefined;
  if (chosen && !editing) throw data(NOT_FOUND, { status: 404 });
  const secretOf = (key: string) => {
    const level = levels.find((l) => l.key === key);
    const hook = level?.recipients.find((r) => r.channel === "webhook" && !r.categories.length);
    return hook ? recipients.find((r) => r.id === hook.id)?.hasSecret === true : false;
  };
  const saved = new URL(args.request.url).searchParams.get("saved");
  return {
    levels,
    editing: editing ?? null,
    hasSecret: editing ? secretOf(editing.key) : false,
    saved: levels.find((l) => l.key === saved)?.label ?? null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, scope, form, ctx } = await requireStaff(args, "routing:write");
  const level = await routingLevelOf(ctx.db, scope, String(form?.get("level") ?? ""));
  if (!level) throw data(NOT_FOUND, { status: 404 });
  const { value, errors } = parseRoutingForm(form!);
  if (Object.keys(errors).length) return data({ errors }, { status: 400 });
  const result = await saveRouting(ctx.db, staff, level, value, ctx.requestId);
  if (!result.ok) return data({ errors: result.errors }, { status: 400 });
  throw redirect(`/admin/routing?saved=${encodeURIComponent(String(form?.get("level")))}`);
}

const CHANNEL_LABELS: Record<string, string> = {
  email: "E-mail",
  adf: "ADF (CRM)",
  webhook: "Webhook",
};

export default function Routing() {
  const { levels, editing, hasSecret, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors ?? {};
  if (editing) {
    const editable = editing.recipients.filter((r) => r.categories.length === 0);
    const fixed = editing.recipients.filter((r) => r.categories.length > 0);
    const webhook = editable.find((r) => r.channel === "webhook");
    return (
      <>
        <p>
          <a href="/admin/routing" className="text-blue-800 underline">
            All lead routing
          </a>
        </p>
        <h1 className="mt-2 text-2xl font-bold">Lead routing: {editing.label}</h1>
        <p className="mt-2 max-w-2xl text-slate-700">
          Leads go to the most specific recipients: a location&apos;s, else its dealership&apos;s,
          else the site&apos;s. Changes apply to the next lead.
        </p>
        <FormMessage errors={errors} />
        <Form method="post" noValidate className="mt-2 max-w-2xl">
          <CsrfField />
          <input type="hidden" name="level" value={editing.key} />
          <TextField
            name="emails"
            label="E-mail recipients"
            hint="One address per line, at most 10."
            multiline
            defaultValue={editable
              .filter((r) => r.channel === "email")
              .map((r) => r.target)
              .join("\n")}
            error={errors.emails}
          />
          <TextField
            name="adf"
            label="ADF recipient (your CRM's lead address)"
            type="email"
            defaultValue={editable.find((r) => r.channel === "adf")?.target}
            error={errors.adf}
          />
          <TextField
            name="webhookUrl"
            label="Webhook address"
            type="url"
            hint="https:// only. Each lead is posted as JSON, signed with the secret below."
            defaultValue={webhook?.target}
            error={errors.webhookUrl}
          />
          <TextField
            name="webhookSecret"
            label="Webhook signing secret"
            type="password"
            autoComplete="off"
            hint={
              hasSecret
                ? "A secret is set. Leave this empty to keep it."
                : "At least 16 characters; your receiver checks signatures with it."
            }
            error={errors.webhookSecret}
          />
          <button type="submit" className={`${buttonClass} mt-6`}>
            Save lead routing
          </button>
        </Form>
        {fixed.length ? (
          <>
            <h2 className="mt-8 text-xl font-semibold">Recipients of some categories only</h2>
            <p className="text-slate-700">Kept as they are by this form.</p>
            <ul className="mt-2 list-disc pl-5">
              {fixed.map((r) => (
                <li key={r.id}>
                  {CHANNEL_LABELS[r.channel] ?? r.channel}: {r.target} ({r.categories.join(", ")})
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold">Lead routing</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Who receives each lead. Without recipients, leads go to the location&apos;s or the
        site&apos;s contact e-mail.
      </p>
      {saved ? (
        <p role="status" className="mt-4 rounded-md border border-green-700 bg-green-50 p-3">
          {`Saved: ${saved}. The next lead goes to these recipients.`}
        </p>
      ) : null}
      <ul className="mt-4 space-y-3">
        {levels.map((level) => (
          <li key={level.key} className="rounded-md border border-slate-300 bg-white p-3">
            <h2 className="font-semibold">{level.label}</h2>
            {level.recipients.length ? (
              <ul className="mt-1 text-sm">
                {level.recipients.map((r) => (
                  <li key={r.id}>
                    {CHANNEL_LABELS[r.channel] ?? r.channel}: {r.target}
                    {r.categories.length ? ` (${r.categories.join(", ")})` : ""}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-slate-700">No recipients of its own.</p>
            )}
            <a
              href={`/admin/routing?level=${encodeURIComponent(level.key)}`}
              className="mt-2 inline-block text-blue-800 underline"
            >
              Edit<span className="sr-only"> lead routing of {level.label}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
