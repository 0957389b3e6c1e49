/**
 * The vehicle editor: price, price type, status (in stock, coming soon, sold, hidden), tag, custom
 * rank, description and photos (reorder, remove, add). Saved through the stock write path: the
 * site's search results have the change within a second. Sales staff see it read-only.
 */
import { Form, data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/vehicle";
import {
  CsrfField,
  FormMessage,
  buttonClass,
  secondaryButtonClass,
} from "~/app/components/admin/form";
import { Input, Select } from "~/app/components/admin/editors/fields";
import { Saved, SiteEditorNav } from "~/app/components/admin/editors/site-editor-nav";
import { idParam, notFoundResponse, requireSiteEditor } from "~/server/admin/editors/editor-access";
import {
  EDITOR_STATUSES,
  STATUS_LABELS,
  editorStatusOf,
  loadVehicleForEditor,
  parseVehicleForm,
  updateVehicle,
} from "~/server/admin/editors/stock-editor";
import { checkPhotoUploads } from "~/server/admin/editors/vehicle-photos";
import { StaffTime } from "~/app/components/admin/staff-time";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.vehicle.name ?? "Vehicle"} · Back office` }];
}

export async function loader(args: Route.LoaderArgs) {
  const { site, db, scope, canWriteStock } = await requireSiteEditor(
    args,
    "stock:read",
    "dealership",
  );
  const vehicleId = idParam(args.params.vehicleId);
  const found =
    vehicleId === null
      ? undefined
      : await loadVehicleForEditor(db, site.id, vehicleId, scope.dealershipIds);
  if (!found) throw notFoundResponse();
  const { vehicle, prices } = found;
  return {
    site,
    canWrite: canWriteStock,
    saved: new URL(args.request.url).searchParams.has("saved"),
    statuses: EDITOR_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
    vehicle: {
      id: vehicle.id,
      name: vehicle.name,
      stocknum: vehicle.stocknum,
      vin: vehicle.vin,
      url: `${site.origin}/${site.vehiclePath}/${vehicle.slug}`,
      price: vehicle.price,
      priceType: vehicle.priceType ?? "",
      status: editorStatusOf(vehicle),
      reserved: vehicle.reserved && vehicle.status !== "sold",
      tag: vehicle.tag ?? "",
      customRank: vehicle.customRank,
      description: vehicle.description ?? "",
      photos: vehicle.images.map((i) => ({
        url: i.url,
        thumb: i.thumb,
        // The site's own photo paths load from its host; a CDN's from the CDN (the back
        // office's policy allows both on this site's stock pages); other addresses are links.
        src: i.thumb.startsWith("/")
          ? site.sameHost
            ? i.thumb
            : `${site.photoOrigin}${i.thumb}`
          : site.imageCdnSource && i.thumb.startsWith(`${site.imageCdnSource}/`)
            ? i.thumb
            : null,
      })),
      updatedAt: vehicle.updatedAt.toISOString(),
    },
    prices: prices.map((p) => ({
      price: p.price,
      priceType: p.priceType,
      at: p.changedAt.toISOString(),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { site, form, deps, audit, scope } = await requireSiteEditor(
    args,
    "stock:write",
    "dealership",
  );
  const vehicleId = idParam(args.params.vehicleId);
  if (vehicleId === null) throw notFoundResponse();
  const parsed = parseVehicleForm(form);
  const uploads = await checkPhotoUploads(form.getAll("upload"));
  if (!parsed.ok || !uploads.ok) {
    const errors = {
      ...(parsed.ok ? {} : parsed.errors),
      ...(uploads.ok ? {} : { upload: uploads.message }),
    };
    return data({ errors }, { status: 400 });
  }
  const result = await updateVehicle(deps, site.id, vehicleId, parsed.value, {
    audit,
    expectedUpdatedAt: parsed.updatedAt || null,
    dealershipIds: scope.dealershipIds,
    uploads: uploads.photos,
  });
  if (!result.ok) return data({ errors: result.errors }, { status: result.status });
  return redirect(`/admin/stock/${site.id}/vehicles/${vehicleId}?saved`);
}

export default function VehicleEditor() {
  const { site, vehicle, prices, canWrite, saved, statuses } = useLoaderData<typeof loader>();
  const errors = (useActionData<typeof action>() as { errors: Record<string, string> } | undefined)
    ?.errors;
  return (
    <>
      <SiteEditorNav site={site} title={vehicle.name} />
      <p className="text-sm text-slate-700">
        {vehicle.stocknum ? `Stock no. ${vehicle.stocknum}` : null}
        {vehicle.vin ? ` · VIN ${vehicle.vin}` : null} ·{" "}
        <a href={vehicle.url} className="text-blue-800 underline">
          View on the site
        </a>
      </p>
      <Saved message={saved ? "Saved. The site's search results show the change now." : null} />
      <FormMessage
        errors={errors}
        message={
          errors ? (errors.form ?? "The vehicle needs fixing before it can be saved:") : null
        }
      />
      <Form method="post" encType="multipart/form-data" noValidate className="max-w-3xl">
        <CsrfField />
        <input type="hidden" name="updatedAt" value={vehicle.updatedAt} />
        <fieldset disabled={!canWrite}>
          <legend className="sr-only">
            {canWrite ? "Edit the vehicle" : "The vehicle (read only)"}
          </legend>
          {!canWrite ? (
            <p className="mt-2 text-slate-700">Your account can view stock but not change it.</p>
          ) : null}
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Input
              name="price"
              label="Price (AUD)"
              type="number"
              min={0}
              step="1"
              defaultValue={String(vehicle.price)}
              error={errors?.price}
              hint="0 shows the vehicle as price on application."
            />
            <Input
              name="priceType"
              label="Price type"
              defaultValue={vehicle.priceType}
              error={errors?.priceType}
              hint="e.g. Drive Away, Excl. Govt. Charges"
            />
            <Select
              name="status"
              label="Status"
              defaultValue={vehicle.status}
              error={errors?.status}
              hint={
                vehicle.reserved
                  ? "Reserved: a paid deposit holds this vehicle, whatever its status here. Cancelling its reservation (Reservations) frees it."
                  : "Hidden keeps the vehicle off the site without selling it."
              }
              options={statuses}
            />
            <Input
              name="tag"
              label="Tag"
              defaultValue={vehicle.tag}
              error={errors?.tag}
              hint="A short label on the card, e.g. Hot Deal."
            />
            <Input
              name="customRank"
              label="Custom rank"
              type="number"
              step="1"
              defaultValue={String(vehicle.customRank)}
              error={errors?.customRank}
              hint="Higher comes first in the default sort."
            />
          </div>
          <Input
            name="description"
            label="Description"
            multiline={8}
            defaultValue={vehicle.description}
            error={errors?.description}
          />
          <Input
            name="photos"
            label="Photos, in order"
            multiline={Math.min(12, Math.max(3, vehicle.photos.length + 1))}
            defaultValue={vehicle.photos.map((p) => p.url).join("\n")}
            error={errors?.photos}
            hint="One photo address per line; the first is the main photo. Move lines to reorder."
          />
          {vehicle.photos.length ? (
            <ol className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {vehicle.photos.map((photo, i) => (
                <li
                  key={`${photo.url}-${i}`}
                  className="rounded-md border border-slate-300 bg-white p-2 text-sm"
                >
                  {photo.src ? (
                    <img
                      src={photo.src}
                      alt={`Photo ${i + 1} of ${vehicle.name}`}
                      className="aspect-[4/3] w-full object-cover"
                      loading="lazy"
                    />
                  ) : (
                    <a
                      href={photo.url.startsWith("/") ? `${site.origin}${photo.url}` : photo.url}
                      className="text-blue-800 underline"
                    >
                      Photo {i + 1}
                      {i === 0 ? " (main)" : ""}
                    </a>
                  )}
                  {canWrite ? (
                    <div className="mt-1 flex flex-wrap gap-1">
                      {i > 0 ? (
                        <button
                          type="submit"
                          name="move"
                          value={`up:${i}`}
                          className="min-h-11 px-2 text-blue-800 underline"
                          aria-label={`Move photo ${i + 1} earlier`}
                        >
                          Earlier
                        </button>
                      ) : null}
                      {i < vehicle.photos.length - 1 ? (
                        <button
                          type="submit"
                          name="move"
                          value={`down:${i}`}
                          className="min-h-11 px-2 text-blue-800 underline"
                          aria-label={`Move photo ${i + 1} later`}
                        >
                          Later
                        </button>
                      ) : null}
                      <button
                        type="submit"
                        name="remove"
                        value={String(i)}
                        className="min-h-11 px-2 text-red-800 underline"
                        aria-label={`Remove photo ${i + 1}`}
                      >
                        Remove
                      </button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ol>
          ) : null}
          <Input
            name="addPhoto"
            label="Add a photo by address"
            type="url"
            defaultValue=""
            error={errors?.addPhoto}
            hint="The photo's address (https://... or /media/...); it goes last."
          />
          <div className="mt-4">
            <label htmlFor="field-upload" className="block font-medium text-slate-900">
              Upload photos
            </label>
            <p id="field-upload-hint" className="text-sm text-slate-700">
              JPEG, PNG, WebP or GIF, up to 10 MB each; they go last.
            </p>
            <input
              id="field-upload"
              name="upload"
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif"
              aria-describedby={
                errors?.upload ? "field-upload-error field-upload-hint" : "field-upload-hint"
              }
              aria-invalid={errors?.upload ? true : undefined}
              className="mt-1 block w-full text-base"
            />
            {errors?.upload ? (
              <p id="field-upload-error" className="mt-1 text-sm font-medium text-red-800">
                {errors.upload}
              </p>
            ) : null}
          </div>
          {canWrite ? (
            <div className="mt-6 flex gap-3">
              <button type="submit" className={buttonClass}>
                Save vehicle
              </button>
              <a href={`/admin/stock/${site.id}`} className={secondaryButtonClass}>
                Back to stock
              </a>
            </div>
          ) : null}
        </fieldset>
      </Form>
      {prices.length ? (
        <section aria-labelledby="price-history" className="mt-8 max-w-3xl">
          <h2 id="price-history" className="text-lg font-semibold">
            Price history
          </h2>
          <ul className="mt-2 text-sm">
            {prices.map((p, i) => (
              <li key={i}>
                <StaffTime iso={p.at} siteId={site.id} />: {p.price}
                {p.priceType ? ` ${p.priceType}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
