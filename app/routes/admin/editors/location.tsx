/**
 * A location's editor (`new` for a new one): name, visibility and order, address, contact, weekly
 * opening hours, and its special (holiday) hours; deleting it.
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
  addSpecialHours,
  createLocation,
  deleteLocation,
  deleteSpecialHours,
  loadLocationForEditor,
  parseLocationForm,
  parseSpecialHoursForm,
  updateLocation,
} from "~/server/admin/editors/content-editors";
import { idParam, notFoundResponse, requireSiteEditor } from "~/server/admin/editors/editor-access";
import type { Site } from "~/server/sites/site";
import { WEEKDAY_NAMES } from "~/domain/opening-hours";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.location.name || "New location"} · Back office` }];
}

export async function loader(args: Route.LoaderArgs) {
  const { site, db, scope } = await requireSiteEditor(args, "content:write", "dealership");
  const dealerships = dealershipChoices(scope, site.id);
  if (args.params.locationId === "new")
    return {
      site,
      saved: null,
      weekdays: WEEKDAY_NAMES,
      isNew: true,
      dealerships,
      location: {
        id: 0,
        name: "",
        visible: true,
        position: 0,
        street: "",
        city: "",
        state: "",
        postcode: "",
        phone: "",
        email: "",
        hours: WEEKDAY_NAMES.map(() => ({ status: "Closed", open: "", close: "" })),
      },
      special: [],
    };
  const locationId = idParam(args.params.locationId);
  const found =
    locationId === null
      ? undefined
      : await loadLocationForEditor(db, site.id, locationId, scope.dealershipIds);
  if (!found) throw notFoundResponse();
  const { location: l, special } = found;
  return {
    site,
    isNew: false,
    dealerships,
    saved: new URL(args.request.url).searchParams.get("saved"),
    weekdays: WEEKDAY_NAMES,
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
      hours: WEEKDAY_NAMES.map((_, d) => {
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
  const { site, form, deps, audit, scope } = await requireSiteEditor(
    args,
    "content:write",
    "dealership",
  );
  // Another dealership's location (on a site shared by several) is "not found".
  const dealershipIds = scope.dealershipIds;
  if (args.params.locationId === "new") {
    const parsed = parseLocationForm(form);
    const dealershipId = idParam(form.get("dealershipId"));
    const dealershipOk =
      dealershipId !== null &&
      dealershipChoices(scope, site.id).some((d) => d.value === String(dealershipId));
    if (!parsed.ok || !dealershipOk)
      return data(
        {
          errors: {
            ...(parsed.ok ? {} : parsed.errors),
            ...(dealershipOk
              ? {}
              : { dealershipId: "Choose the location's dealership from the list." }),
          },
          intent: "save",
        },
        { status: 400 },
      );
    const created = await createLocation(deps, site.id, dealershipId!, parsed.value, {
      audit,
      dealershipIds,
    });
    if (!created.ok)
      return data({ errors: created.errors, intent: "save" }, { status: created.status });
    return redirect(`/admin/content/${site.id}/locations/${created.value.id}?saved=created`);
  }
  const locationId = idParam(args.params.locationId);
  if (locationId === null) throw notFoundResponse();
  const intent = form.get("intent");
  if (intent === "delete") {
    const result = await deleteLocation(deps, site.id, locationId, { audit, dealershipIds });
    if (!result.ok) return data({ errors: result.errors, intent }, { status: result.status });
    return redirect(`/admin/content/${site.id}?deleted`);
  }
  const back = (saved: string) =>
    redirect(`/admin/content/${site.id}/locations/${locationId}?saved=${saved}`);
  if (intent === "add-special") {
    const parsed = parseSpecialHoursForm(form);
    if (!parsed.ok) return data({ errors: parsed.errors, intent }, { status: 400 });
    const result = await addSpecialHours(deps, site.id, locationId, parsed.value, {
      audit,
      dealershipIds,
    });
    if (!result.ok) return data({ errors: result.errors, intent }, { status: result.status });
    return back("special");
  }
  if (intent === "delete-special") {
    const id = idParam(form.get("specialHoursId"));
    if (id === null)
      return data({ errors: { form: "Choose special hours to delete." }, intent }, { status: 400 });
    const result = await deleteSpecialHours(deps, site.id, locationId, id, {
      audit,
      dealershipIds,
    });
    if (!result.ok) return data({ errors: result.errors, intent }, { status: result.status });
    return back("special-deleted");
  }
  const parsed = parseLocationForm(form);
  if (!parsed.ok) return data({ errors: parsed.errors, intent: "save" }, { status: 400 });
  const result = await updateLocation(deps, site.id, locationId, parsed.value, {
    audit,
    dealershipIds,
  });
  if (!result.ok) return data({ errors: result.errors, intent: "save" }, { status: result.status });
  return back("location");
}

/** The site's dealerships within the staff member's reach, for a new location. */
function dealershipChoices(
  scope: { sites: () => Site[]; hasDealership: (id: number) => boolean },
  siteId: number,
) {
  return (scope.sites().find((s) => s.id === siteId)?.dealerships ?? [])
    .filter((d) => scope.hasDealership(d.id))
    .map((d) => ({ value: String(d.id), label: d.name }));
}

const SAVED: Record<string, string> = {
  created: "Location added. Set its special hours below if it has any.",
  location: "Saved. The site shows the location as it is now.",
  special: "Special hours added.",
  "special-deleted": "Special hours deleted.",
};

export default function LocationEditor() {
  const {
    site,
    location: l,
    special,
    saved,
    weekdays,
    isNew,
    dealerships,
  } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as
    { errors: Record<string, string>; intent: string } | undefined;
  const errors =
    result?.intent !== "add-special" &&
    result?.intent !== "delete-special" &&
    result?.intent !== "delete"
      ? result?.errors
      : undefined;
  const specialErrors = result && !errors && result.intent !== "delete" ? result.errors : undefined;
  const deleteError = result?.intent === "delete" ? result.errors.form : null;
  return (
    <>
      <SiteEditorNav site={site} title={isNew ? "New location" : l.name} />
      <FormMessage message={deleteError} />
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
        {isNew ? (
          <Select
            name="dealershipId"
            label="Dealership"
            defaultValue={dealerships[0]?.value ?? ""}
            options={dealerships}
            error={errors?.dealershipId}
          />
        ) : null}
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
          {isNew ? "Add location" : "Save location"}
        </button>
      </Form>
      {isNew ? null : (
        <>
          <section aria-labelledby="special-heading" className="mt-10 max-w-3xl">
            <h2 id="special-heading" className="text-xl font-semibold">
              Special and holiday hours
            </h2>
            {special.length ? (
              <ul className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-300 bg-white">
                {special.map((s) => (
                  <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                    <span>
                      {s.date}:{" "}
                      {s.status === "Open" ? `open ${s.startHour} to ${s.endHour}` : "closed"}
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
              message={
                specialErrors ? (specialErrors.form ?? "The special hours need fixing:") : null
              }
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
          <section aria-labelledby="delete-heading" className="mt-10 max-w-3xl">
            <h2 id="delete-heading" className="text-xl font-semibold">
              Delete this location
            </h2>
            <p className="mt-2">
              A location that vehicles or bookings belong to cannot be deleted: hide it instead.
            </p>
            <Form method="post" className="mt-2">
              <CsrfField />
              <button type="submit" name="intent" value="delete" className={secondaryButtonClass}>
                Delete location
              </button>
            </Form>
          </section>
        </>
      )}
    </>
  );
}
