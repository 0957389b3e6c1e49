/** An offer's editor (`new` for a new one), and deleting it. */
import { Form, data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/offer";
import {
  CsrfField,
  FormMessage,
  buttonClass,
  secondaryButtonClass,
} from "~/app/components/admin/form";
import { Input } from "~/app/components/admin/editors/fields";
import { Saved, SiteEditorNav } from "~/app/components/admin/editors/site-editor-nav";
import {
  deleteOffer,
  loadOffer,
  parseOfferForm,
  saveOffer,
} from "~/server/admin/editors/content-editors";
import { idParam, notFoundResponse, requireSiteEditor } from "~/server/admin/editors/editor-access";

export function meta() {
  return [{ title: "Offer · Back office" }];
}

/** `new`, or the id of one of the site's offers (anything else: 404). */
function offerIdOf(param: string | undefined): number | null | undefined {
  if (param === "new") return null;
  return idParam(param) ?? undefined;
}

export async function loader(args: Route.LoaderArgs) {
  const { site, db } = await requireSiteEditor(args, "content:write", "site");
  const offerId = offerIdOf(args.params.offerId);
  if (offerId === undefined) throw notFoundResponse();
  const offer = offerId === null ? null : await loadOffer(db, site.id, offerId);
  if (offer === undefined) throw notFoundResponse();
  return {
    site,
    saved: new URL(args.request.url).searchParams.has("saved"),
    offer: offer && {
      id: offer.id,
      name: offer.name,
      slug: offer.slug,
      manufacturerName: offer.manufacturerName ?? "",
      modelName: offer.modelName ?? "",
      description: offer.description ?? "",
      disclaimer: offer.disclaimer ?? "",
      price: offer.price === null ? "" : String(offer.price),
      linkHref: offer.linkHref ?? "",
      expiresAt: offer.expiresAt ?? "",
      position: String(offer.position),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { site, form, deps, audit } = await requireSiteEditor(args, "content:write", "site");
  const offerId = offerIdOf(args.params.offerId);
  if (offerId === undefined) throw notFoundResponse();
  if (form.get("intent") === "delete") {
    if (offerId === null) throw notFoundResponse();
    const result = await deleteOffer(deps, site.id, offerId, { audit });
    if (!result.ok) return data({ errors: result.errors }, { status: result.status });
    return redirect(`/admin/content/${site.id}?deleted`);
  }
  const parsed = parseOfferForm(form);
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  const result = await saveOffer(deps, site.id, offerId, parsed.value, { audit });
  if (!result.ok) return data({ errors: result.errors }, { status: result.status });
  return redirect(`/admin/content/${site.id}/offers/${result.value.id}?saved`);
}

export default function OfferEditor() {
  const { site, offer, saved } = useLoaderData<typeof loader>();
  const errors = (useActionData<typeof action>() as { errors: Record<string, string> } | undefined)
    ?.errors;
  const v = offer ?? {
    name: "",
    slug: "",
    manufacturerName: "",
    modelName: "",
    description: "",
    disclaimer: "",
    price: "",
    linkHref: "",
    expiresAt: "",
    position: "0",
  };
  return (
    <>
      <SiteEditorNav site={site} title={offer ? offer.name : "New offer"} />
      <Saved message={saved ? "Saved. The site's offers show it now." : null} />
      <FormMessage
        errors={errors}
        message={errors ? (errors.form ?? "The offer needs fixing before it can be saved:") : null}
      />
      <Form method="post" noValidate className="max-w-3xl">
        <CsrfField />
        <Input name="name" label="Name" defaultValue={v.name} error={errors?.name} />
        <Input
          name="slug"
          label="Address name"
          defaultValue={v.slug}
          error={errors?.slug}
          hint="Lower-case letters, digits and dashes, e.g. summer-sale."
        />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <Input
            name="manufacturerName"
            label="Make (optional)"
            defaultValue={v.manufacturerName}
            error={errors?.manufacturerName}
          />
          <Input
            name="modelName"
            label="Model (optional)"
            defaultValue={v.modelName}
            error={errors?.modelName}
          />
          <Input
            name="price"
            label="Price (optional)"
            type="number"
            min={0}
            defaultValue={v.price}
            error={errors?.price}
          />
          <Input
            name="expiresAt"
            label="Last day (optional)"
            type="date"
            defaultValue={v.expiresAt}
            error={errors?.expiresAt}
          />
          <Input
            name="linkHref"
            label="Link (optional)"
            defaultValue={v.linkHref}
            error={errors?.linkHref}
            hint="A path on the site or a full https:// address."
          />
          <Input
            name="position"
            label="Order"
            type="number"
            min={0}
            step="1"
            defaultValue={v.position}
            error={errors?.position}
            hint="Lower comes first."
          />
        </div>
        <Input
          name="description"
          label="Description (optional)"
          multiline={5}
          defaultValue={v.description}
          error={errors?.description}
        />
        <Input
          name="disclaimer"
          label="Disclaimer (optional)"
          multiline={3}
          defaultValue={v.disclaimer}
          error={errors?.disclaimer}
        />
        <button type="submit" className={`${buttonClass} mt-6`}>
          Save offer
        </button>
      </Form>
      {offer ? (
        <Form method="post" className="mt-8">
          <CsrfField />
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className={secondaryButtonClass}>
            Delete this offer
          </button>
        </Form>
      ) : null}
    </>
  );
}
