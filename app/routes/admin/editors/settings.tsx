/**
 * The site settings editor, generated from the settings schema (server/admin/editors/
 * settings-form.ts; decision 028): a section per group of settings, the control each type
 * calls for, the schema's description as help and its rules as messages. "Review changes"
 * shows what a save would change; "Save changes" writes it (one write path; every web node
 * reloads the site at once).
 */
import { Form, data, redirect, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/settings";
import {
  CsrfField,
  FormMessage,
  buttonClass,
  secondaryButtonClass,
} from "~/app/components/admin/form";
import { Checkbox, Input, Select } from "~/app/components/admin/editors/fields";
import { Saved, SiteEditorNav } from "~/app/components/admin/editors/site-editor-nav";
import { notFoundResponse, requireSiteEditor } from "~/server/admin/editors/editor-access";
import {
  diffSettings,
  inputValueOf,
  isPlatformOnly,
  parseSettingsForm,
  settingSections,
  type SettingField,
} from "~/server/admin/editors/settings-form";
import { readSiteForEditor, saveSiteSettings } from "~/server/admin/editors/site-editors";

export function meta() {
  return [{ title: "Site settings · Back office" }];
}

async function storedSettings(db: Route.LoaderArgs["context"]["db"], siteId: number) {
  const stored = await readSiteForEditor(db, siteId);
  if (!stored) throw notFoundResponse();
  return stored;
}

/** Settings this staff member may not change (shown, read only). */
const lockedFor = (role: string) => (field: SettingField) =>
  role !== "platform_admin" && isPlatformOnly(field);

export async function loader(args: Route.LoaderArgs) {
  const { site, db, staff } = await requireSiteEditor(args, "settings:write", "site");
  const { settings, updatedAt } = await storedSettings(db, site.id);
  const sections = settingSections();
  const values: Record<string, string | boolean> = {};
  for (const field of sections.flatMap((s) => s.fields))
    values[field.name] = inputValueOf(field, settings);
  const saved = new URL(args.request.url).searchParams.get("saved");
  const locked = sections
    .flatMap((s) => s.fields)
    .filter(lockedFor(staff.role))
    .map((f) => f.name);
  return {
    site,
    sections,
    locked,
    values,
    updatedAt,
    saved: saved && /^\d+$/.test(saved) ? Number(saved) : null,
  };
}

type Submitted = [string, string][];

export async function action(args: Route.ActionArgs) {
  const { site, form, db, deps, audit, staff } = await requireSiteEditor(
    args,
    "settings:write",
    "site",
  );
  const submitted: Submitted = [];
  for (const [name, value] of form.entries())
    if (typeof value === "string" && name !== "_csrf" && name !== "intent")
      submitted.push([name, value]);
  const { settings: stored } = await storedSettings(db, site.id);
  const parsed = parseSettingsForm(form, { fields: lockedFor(staff.role), from: stored });
  if (!parsed.ok) return data({ errors: parsed.errors, submitted }, { status: 400 });
  if (form.get("intent") === "save") {
    const expected = form.get("updatedAt");
    const { settings: before } = await storedSettings(db, site.id);
    const changed = diffSettings(before, parsed.settings).length;
    const result = await saveSiteSettings(deps, site.id, parsed.overrides, {
      audit,
      expectedUpdatedAt: typeof expected === "string" ? expected : null,
    });
    if (!result.ok) return data({ errors: result.errors, submitted }, { status: result.status });
    return redirect(`/admin/settings/${site.id}?saved=${changed}`);
  }
  const { settings: before } = await storedSettings(db, site.id);
  return { review: diffSettings(before, parsed.settings), submitted, errors: null };
}

function FieldControl({
  field,
  value,
  error,
  locked,
}: {
  field: SettingField;
  value: string | boolean;
  error?: string;
  locked: boolean;
}) {
  const { control } = field;
  const note = locked ? " Only a platform admin changes this setting." : "";
  const common = {
    name: field.name,
    label: field.label,
    hint: `${field.description}${note}` || undefined,
    error,
    disabled: locked,
  };
  switch (control.kind) {
    case "checkbox":
      return <Checkbox {...common} defaultChecked={value === true} />;
    case "select":
      return (
        <Select
          {...common}
          defaultValue={String(value)}
          options={[
            ...(field.nullable ? [{ value: "", label: "Not set" }] : []),
            ...control.options.map((o) => ({ value: o, label: o })),
          ]}
        />
      );
    case "number":
      return (
        <Input
          {...common}
          type="number"
          defaultValue={String(value)}
          min={control.min ?? undefined}
          max={control.max ?? undefined}
          step={control.integer ? "1" : "any"}
          hint={
            <>
              {field.description}
              {field.nullable ? " Leave empty for not set." : ""}
              {note}
            </>
          }
        />
      );
    case "colour":
      return <Input {...common} type="color" defaultValue={String(value)} />;
    case "list":
      return (
        <Input
          {...common}
          defaultValue={String(value)}
          multiline={4}
          hint={
            <>
              {field.description} One per line.
              {control.allowed ? ` Allowed: ${control.allowed.join(", ")}.` : ""}
              {note}
            </>
          }
        />
      );
    case "json":
      return (
        <Input
          {...common}
          defaultValue={String(value)}
          multiline={6}
          hint={
            <>
              {field.description} Written as JSON{field.nullable ? "; leave empty for none" : ""}.
              {note}
            </>
          }
        />
      );
    default:
      return (
        <Input
          {...common}
          defaultValue={String(value)}
          hint={
            <>
              {field.description}
              {field.nullable ? " Leave empty for not set." : ""}
              {note}
            </>
          }
        />
      );
  }
}

export default function SettingsEditor() {
  const { site, sections, locked, values, updatedAt, saved } = useLoaderData<typeof loader>();
  const lockedNames = new Set(locked);
  const result = useActionData<typeof action>() as
    | {
        errors: Record<string, string> | null;
        submitted: Submitted;
        review?: ReturnType<typeof diffSettings>;
      }
    | undefined;
  const busy = useNavigation().state !== "idle";
  const errors = result?.errors ?? undefined;
  // After a submit, the form shows what was sent (a checkbox not sent is unchecked).
  const sent = result ? new Map(result.submitted) : null;
  const valueOf = (field: SettingField): string | boolean =>
    sent && !lockedNames.has(field.name)
      ? field.control.kind === "checkbox"
        ? sent.has(field.name)
        : (sent.get(field.name) ?? "")
      : values[field.name]!;
  const review = result?.review;
  return (
    <>
      <SiteEditorNav site={site} title="Site settings" />
      <Saved
        message={
          saved === null
            ? null
            : saved === 0
              ? "Nothing had changed: the settings are as they were."
              : `Saved ${saved} change${saved === 1 ? "" : "s"}. The site shows ${saved === 1 ? "it" : "them"} now.`
        }
      />
      <FormMessage
        errors={errors}
        message={
          errors ? (errors.form ?? "Some settings need fixing before they can be saved:") : null
        }
      />
      {review ? (
        <section
          aria-labelledby="review-heading"
          className="mt-4 rounded-md border border-slate-400 bg-white p-4"
        >
          <h2 id="review-heading" className="text-xl font-semibold" tabIndex={-1}>
            {review.length
              ? `Review ${review.length} change${review.length === 1 ? "" : "s"}`
              : "Nothing changed"}
          </h2>
          {review.length ? (
            <>
              <div className="mt-2 overflow-x-auto">
                <table className="w-full border-collapse text-left text-sm">
                  <caption className="sr-only">Settings that will change</caption>
                  <thead>
                    <tr className="border-b border-slate-400">
                      <th scope="col" className="p-2">
                        Setting
                      </th>
                      <th scope="col" className="p-2">
                        Now
                      </th>
                      <th scope="col" className="p-2">
                        After saving
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {review.map((change) => (
                      <tr key={change.name} className="border-b border-slate-200 align-top">
                        <th scope="row" className="p-2 font-medium">
                          {change.label}
                          <span className="block font-normal text-slate-700">{change.section}</span>
                        </th>
                        <td className="p-2 break-all">
                          <del>{change.before}</del>
                        </td>
                        <td className="p-2 break-all">
                          <ins>{change.after}</ins>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Form method="post" className="mt-4">
                <CsrfField />
                {result!.submitted.map(([name, value], i) => (
                  <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
                ))}
                <input type="hidden" name="intent" value="save" />
                <button type="submit" className={buttonClass} disabled={busy}>
                  Save changes
                </button>
              </Form>
            </>
          ) : (
            <p className="mt-2">
              The form holds the settings as they are: there is nothing to save.
            </p>
          )}
        </section>
      ) : null}
      <nav aria-label="Sections of the settings" className="mt-4">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#section-${s.id}`} className="inline-block py-1 text-blue-800 underline">
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" className="mt-2" noValidate>
        <CsrfField />
        <input type="hidden" name="updatedAt" value={updatedAt} />
        {sections.map((section) => (
          <fieldset
            key={section.id}
            id={`section-${section.id}`}
            className="mt-6 rounded-md border border-slate-300 bg-white p-4"
          >
            <legend className="px-1 text-lg font-semibold">{section.title}</legend>
            {section.fields.map((field) => (
              <FieldControl
                key={field.name}
                field={field}
                value={valueOf(field)}
                error={errors?.[field.name]}
                locked={lockedNames.has(field.name)}
              />
            ))}
          </fieldset>
        ))}
        <div className="sticky bottom-0 mt-6 flex gap-3 border-t border-slate-300 bg-slate-50 py-3">
          <button
            type="submit"
            name="intent"
            value="review"
            className={buttonClass}
            disabled={busy}
          >
            Review changes
          </button>
          <a href={`/admin/settings/${site.id}`} className={secondaryButtonClass}>
            Start again
          </a>
        </div>
      </Form>
    </>
  );
}
