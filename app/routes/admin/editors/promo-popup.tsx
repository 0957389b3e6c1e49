/**
 * The promo popup editor: its own form for the one setting whose shape is an object, written
 * through the settings write path (the home page shows the new popup on the next request).
 */
import { Form, data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/promo-popup";
import { CsrfField, FormMessage, buttonClass } from "~/app/components/admin/form";
import { Checkbox, Input } from "~/app/components/admin/editors/fields";
import { Saved, SiteEditorNav } from "~/app/components/admin/editors/site-editor-nav";
import { notFoundResponse, requireSiteEditor } from "~/server/admin/editors/editor-access";
import {
  parsePromoPopupForm,
  readSiteForEditor,
  savePromoPopup,
} from "~/server/admin/editors/site-editors";

export function meta() {
  return [{ title: "Promo popup · Back office" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { site, db } = await requireSiteEditor(args, "settings:write", "site");
  const stored = await readSiteForEditor(db, site.id);
  if (!stored) throw notFoundResponse();
  const popup = stored.settings.promoPopup;
  return { site, popup, saved: new URL(args.request.url).searchParams.has("saved") };
}

export async function action(args: Route.ActionArgs) {
  const { site, form, deps, audit } = await requireSiteEditor(args, "settings:write", "site");
  const parsed = parsePromoPopupForm(form);
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  const result = await savePromoPopup(deps, site.id, parsed.value, { audit });
  if (!result.ok) return data({ errors: result.errors }, { status: result.status });
  return redirect(`/admin/settings/${site.id}/promo-popup?saved`);
}

export default function PromoPopupEditor() {
  const { site, popup, saved } = useLoaderData<typeof loader>();
  const errors = (useActionData<typeof action>() as { errors: Record<string, string> } | undefined)
    ?.errors;
  return (
    <>
      <SiteEditorNav site={site} title="Promo popup" />
      <Saved message={saved ? "Saved. The home page shows the popup as it is now." : null} />
      <FormMessage
        errors={errors}
        message={errors ? (errors.form ?? "The popup needs fixing before it can be saved:") : null}
      />
      <Form method="post" noValidate className="max-w-2xl">
        <CsrfField />
        <Checkbox
          name="enabled"
          label="Show a promotional popup on the home page"
          defaultChecked={popup !== null}
          hint="Untick to remove the popup; the fields below are kept only while it is ticked."
        />
        <Input name="title" label="Title" defaultValue={popup?.title ?? ""} error={errors?.title} />
        <Input
          name="description"
          label="Text"
          multiline={3}
          defaultValue={popup?.description ?? ""}
          error={errors?.description}
        />
        <Input
          name="buttonText"
          label="Button text"
          defaultValue={popup?.buttonText ?? "Find out more"}
          error={errors?.buttonText}
        />
        <Input
          name="link"
          label="Button link"
          hint="A path on the site, e.g. /special-offers, or a full https:// address."
          defaultValue={popup?.link ?? ""}
          error={errors?.link}
        />
        <Input
          name="imageUrl"
          label="Image (optional)"
          hint="An image path such as /media/promo/sale.svg, or a full https:// address."
          defaultValue={popup?.imageUrl ?? ""}
          error={errors?.imageUrl}
        />
        <Input
          name="expiresAt"
          label="Last day shown"
          type="date"
          defaultValue={popup?.expiresAt?.slice(0, 10) ?? ""}
          error={errors?.expiresAt}
        />
        <Checkbox
          name="visibleByDefault"
          label="Open by itself when a visitor arrives"
          defaultChecked={popup?.visibleByDefault ?? true}
          error={errors?.visibleByDefault}
        />
        <Input
          name="openAfterSeconds"
          label="On desktop, open after (seconds on the page)"
          hint="Phones show it as a banner at the top of the home page instead."
          type="number"
          min={1}
          max={600}
          defaultValue={String(popup?.openAfterSeconds ?? "")}
          error={errors?.openAfterSeconds}
        />
        <Input
          name="openAfterScrollPercent"
          label="On desktop, or once this share of the page is scrolled (percent)"
          hint="Whichever comes first; 0 opens it on any scroll."
          type="number"
          min={0}
          max={100}
          defaultValue={String(popup?.openAfterScrollPercent ?? "")}
          error={errors?.openAfterScrollPercent}
        />
        <button type="submit" className={`${buttonClass} mt-6`}>
          Save popup
        </button>
      </Form>
    </>
  );
}
