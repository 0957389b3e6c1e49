/**
 * The navigation editor: header and footer items, one per line as `Name | /url`; an indented line
 * is a dropdown item of the line above (header) or an item of the column above (footer).
 */
import { Form, data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/navigation";
import { CsrfField, FormMessage, buttonClass } from "~/app/components/admin/form";
import { Input } from "~/app/components/admin/editors/fields";
import { Saved, SiteEditorNav } from "~/app/components/admin/editors/site-editor-nav";
import { notFoundResponse, requireSiteEditor } from "~/server/admin/editors/editor-access";
import {
  navigationText,
  readSiteForEditor,
  saveNavigation,
} from "~/server/admin/editors/site-editors";

export function meta() {
  return [{ title: "Navigation · Back office" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { site, db } = await requireSiteEditor(args, "settings:write", "site");
  const stored = await readSiteForEditor(db, site.id);
  if (!stored) throw notFoundResponse();
  const { navigation } = stored;
  const mandatory = [...navigation.header, ...navigation.footer.flatMap((c) => c.items)]
    .flatMap((item) => [item, ...(item.dropdownItems ?? [])])
    .filter((item) => item.mandatory)
    .map((item) => item.name);
  return {
    site,
    text: navigationText(navigation),
    mandatory,
    updatedAt: stored.updatedAt,
    saved: new URL(args.request.url).searchParams.has("saved"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { site, form, deps, audit } = await requireSiteEditor(args, "settings:write", "site");
  const header = form.get("header");
  const footer = form.get("footer");
  if (
    typeof header !== "string" ||
    typeof footer !== "string" ||
    header.length + footer.length > 50_000
  )
    return data(
      {
        errors: { form: "Send the header and the footer as text (at most 50,000 characters)." },
        sent: null,
      },
      { status: 400 },
    );
  const expected = form.get("updatedAt");
  const result = await saveNavigation(deps, site.id, form, {
    audit,
    expectedUpdatedAt: typeof expected === "string" ? expected : null,
  });
  if (!result.ok)
    return data({ errors: result.errors, sent: { header, footer } }, { status: result.status });
  return redirect(`/admin/settings/${site.id}/navigation?saved`);
}

export default function NavigationEditor() {
  const { site, text, mandatory, updatedAt, saved } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as
    { errors: Record<string, string>; sent: { header: string; footer: string } | null } | undefined;
  const errors = result?.errors;
  const shown = result?.sent ?? text;
  return (
    <>
      <SiteEditorNav site={site} title="Navigation" />
      <Saved message={saved ? "Saved. The site's header and footer show it now." : null} />
      <FormMessage
        errors={errors}
        message={
          errors ? (errors.form ?? "The navigation needs fixing before it can be saved:") : null
        }
      />
      <Form method="post" noValidate className="max-w-3xl">
        <CsrfField />
        <input type="hidden" name="updatedAt" value={updatedAt} />
        <Input
          name="header"
          label="Header"
          multiline={14}
          defaultValue={shown.header}
          error={errors?.header}
          hint={
            <>
              One item per line as <code>Name | /url</code>. Indent a line with spaces to put it in
              the dropdown of the item above.
              {mandatory.length ? ` Required on every site: ${mandatory.join(", ")}.` : ""}
            </>
          }
        />
        <Input
          name="footer"
          label="Footer"
          multiline={14}
          defaultValue={shown.footer}
          error={errors?.footer}
          hint={
            <>
              A column starts with <code># Title</code>; its items follow, one per line as{" "}
              <code>Name | /url</code>.
            </>
          }
        />
        <button type="submit" className={`${buttonClass} mt-6`}>
          Save navigation
        </button>
      </Form>
    </>
  );
}
