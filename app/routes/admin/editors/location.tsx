/**
 * A location's editor: name, visibility and order, address, contact, weekly opening hours, and
 * its special (holiday) hours.
 */
import { Form, data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/location";
import {
  CsrfField,
  FormMessage,
  buttonClass,
  secondaryButtonClass,
} from "~/app/components/admin/form";
import { Checkbox, Input, Select } from "~/app/components/admin/editors/fields";
import { Saved, SiteEditorNav } from "~/app/components/admin/editors/site-editor-nav";
import {
  WEEKDAYS,
  addSpecialHours,
  deleteSpecialHours,
  loadLocationForEditor,
  parseLocationForm,
  parseSpecialHoursForm,
  updateLocation,
} from "~/server/admin/editors/content-editors";
import { idParam, notFoundResponse, requireSiteEditor } from "~/server/admin/editors/editor-access";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.location.name ?? "Location"} · Back office` }];
}

export async function loader(args: Route.LoaderArgs) {
  const { site, db } = await requireSiteEditor(args, "content:write");
  const locationId = idParam(args.params.locationId);
  const found =
    locationId === null ? undefined : await loadLocationForEditor(db, site.id, locationId);
  if (!found) throw notFoundResponse();
  const { location: l, special } = found;
  return {
    site,
    saved: new URL(args.request.url).searchParams.get("saved"),
    weekdays: WEEKDAYS,
    location: {
      id: l.id,
      name: l.name,
      visible: l.visible,
      position: l.position,
      street: l.address.street,
      city: l.address.city,
      state: l.address.state,
      postcode: l.address.postcode,
      phone: l.contactDetail.phone ?? "",
      email: l.contactDetail.email ?? "",
      hours: WEEKDAYS.map((_, d) => {
        const day = l.openingHours.find((h) => h.weekday === d);
        return { status: day?.status ?? "Closed", open: day?.open ?? "", close: day?.close ?? "" };
      }),
    },
    special: special.map((s) => ({
      id: s.id,
      date: s.date,
      status: s.status,
      startHour: s.startHour,
      endHour: s.endHour,
      label: s.label,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { site, form, deps, audit } = await requireSiteEditor(args, "content:write");
  const locationId = idParam(args.params.locationId);
  if (locationId === null) throw notFoundResponse();
  const intent = form.get("intent");
  const back = (saved: string) =>
    redirect(`/admin/content/${site.id}/locations/${locationId}?saved=${saved}`);
  if (intent === "add-special") {
    const parsed = parseSpecialHoursForm(form);
    if (!parsed.ok) return data({ errors: parsed.errors, intent }, { status: 400 });
    const result = await addSpecialHours(deps, site.id, locationId, parsed.value, { audit });
    if (!result.ok) return data({ errors: result.errors, intent }, { status: result.status });
    return back("special");
  }
  if (intent === "delete-special") {
    const id = idParam(form.get("specialHoursId"));
    if (id === null)
      return data({ errors: { form: "Choose special hours to delete." }, intent }, { status: 400 });
    const result = await deleteSpecialHours(deps, site.id, locationId, id, { audit });
    if (!result.ok) return data({ errors: result.errors, intent }, { status: result.status });
    return back("special-deleted");
  }
  const parsed = parseLocationForm(form);
  if (!parsed.ok) return data({ errors: parsed.errors, intent: "save" }, { status: 400 });
  const result = await updateLocation(deps, site.id, locationId, parsed.value, { audit });
  if (!result.ok) return data({ errors: result.errors, intent: "save" }, { status: result.status });
  return back("location");
}

const SAVED: Record<string, string> = {
  location: "Saved. The site shows the location as it is now.",
  special: "Special hours added.",
  "special-deleted": "Special hours deleted.",
};

export default function LocationEditor() {
  const { site, location: l, special, saved, weekdays } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as
    { errors: Record<string, string>; intent: string } | undefined;
  const errors =
    result?.intent !== "add-special" && result?.intent !== "delete-special"
      ? result?.errors
      : undefined;
  const specialErrors = result && !errors ? result.errors : undefined;
  return (
    <>
      <SiteEditorNav site={site} title={l.name} />
      <Saved message={saved ? (SAVED[saved] ?? null) : null} />
      <FormMessage
        errors={errors}
        message={
          errors ? (errors.form ?? "The location needs fixing before it can be saved:") : null
        }
      />
      <Form method="post" noValidate className="max-w-3xl">
        <CsrfField />
        <input type="hidden" name="intent" value="save" />
        <Input name="name" label="Name" defaultValue={l.name} error={errors?.name} />
        <Checkbox name="visible" label="Shown on the site" defaultChecked={l.visible} />
        <Input
          name="position"
          label="Order"
          type="number"
          min={0}
          step="1"
          defaultValue={String(l.position)}
          error={errors?.position}
          hint="Lower comes first."
        />
        <fieldset className="mt-6">
          <legend className="text-lg font-semibold">Address</legend>
          <Input name="street" label="Street" defaultValue={l.street} error={errors?.street} />
          <div className="grid gap-x-4 sm:grid-cols-3">
            <Input name="city" label="Suburb or city" defaultValue={l.city} error={errors?.city} />
            <Input name="state" label="State" defaultValue={l.state} error={errors?.state} />
            <Input
              name="postcode"
              label="Postcode"
              defaultValue={l.postcode}
              error={errors?.postcode}
            />
          </div>
        </fieldset>
        <fieldset className="mt-6">
          <legend className="text-lg font-semibold">Contact</legend>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Input
              name="phone"
              label="Phone"
              type="tel"
              defaultValue={l.phone}
              error={errors?.phone}
            />
            <Input
              name="email"
              label="E-mail"
              type="email"
              defaultValue={l.email}
              error={errors?.email}
            />
          </div>
        </fieldset>
        <fieldset className="mt-6">
          <legend className="text-lg font-semibold">Opening hours</legend>
          {weekdays.map((day, d) => (
            <fieldset key={day} className="mt-2 grid grid-cols-3 items-end gap-x-3">
              <legend className="col-span-3 mt-2 font-medium">{day}</legend>
              <Select
                name={`hours.${d}.status`}
                label="Open or closed"
                defaultValue={l.hours[d]!.status}
                options={[
                  { value: "Open", label: "Open" },
                  { value: "Closed", label: "Closed" },
                ]}
                error={errors?.[`hours.${d}.status`]}
              />
              <Input
                name={`hours.${d}.open`}
                label="Opens"
                type="time"
                defaultValue={l.hours[d]!.open}
                error={errors?.[`hours.${d}.open`]}
              />
              <Input
                name={`hours.${d}.close`}
                label="Closes"
                type="time"
                defaultValue={l.hours[d]!.close}
                error={errors?.[`hours.${d}.close`]}
              />
            </fieldset>
          ))}
        </fieldset>
        <button type="submit" className={`${buttonClass} mt-6`}>
          Save location
        </button>
      </Form>

      <section aria-labelledby="special-heading" className="mt-10 max-w-3xl">
        <h2 id="special-heading" className="text-xl font-semibold">
          Special and holiday hours
        </h2>
        {special.length ? (
          <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-300 bg-white">
            {special.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  {s.date}: {s.status === "Open" ? `open ${s.startHour} to ${s.endHour}` : "closed"}
                  {s.label ? ` (${s.label})` : ""}
                </span>
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="intent" value="delete-special" />
                  <input type="hidden" name="specialHoursId" value={s.id} />
                  <button
                    type="submit"
                    className={secondaryButtonClass}
                    aria-label={`Delete the special hours of ${s.date}`}
                  >
                    Delete
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2">None.</p>
        )}
        <FormMessage
          errors={specialErrors}
          message={specialErrors ? (specialErrors.form ?? "The special hours need fixing:") : null}
        />
        <Form
          method="post"
          noValidate
          className="mt-4 rounded-md border border-slate-300 bg-white p-4"
        >
          <CsrfField />
          <input type="hidden" name="intent" value="add-special" />
          <h3 className="font-semibold">Add special hours</h3>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Input
              name="date"
              label="Date"
              type="date"
              defaultValue=""
              error={specialErrors?.date}
            />
            <Select
              name="status"
              label="Open or closed"
              defaultValue="Closed"
              options={[
                { value: "Closed", label: "Closed" },
                { value: "Open", label: "Open" },
              ]}
              error={specialErrors?.status}
            />
            <Input
              name="startHour"
              label="Opens (when open)"
              type="time"
              defaultValue=""
              error={specialErrors?.startHour}
            />
            <Input
              name="endHour"
              label="Closes (when open)"
              type="time"
              defaultValue=""
              error={specialErrors?.endHour}
            />
          </div>
          <Input
            name="label"
            label="Label (optional)"
            defaultValue=""
            hint="e.g. Christmas Day"
            error={specialErrors?.label}
          />
          <button type="submit" className={`${buttonClass} mt-4`}>
            Add special hours
          </button>
        </Form>
      </section>
    </>
  );
}
