/** A content page's editor (`new` for a new one), and deleting it. The body is stored sanitised. */
import { Form, data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/page";
import {
  CsrfField,
  FormMessage,
  buttonClass,
  secondaryButtonClass,
} from "~/app/components/admin/form";
import { Checkbox, Input, Select } from "~/app/components/admin/editors/fields";
import { Saved, SiteEditorNav } from "~/app/components/admin/editors/site-editor-nav";
import {
  PAGE_KINDS,
  deletePage,
  loadPage,
  parsePageForm,
  savePage,
} from "~/server/admin/editors/content-editors";
import { idParam, notFoundResponse, requireSiteEditor } from "~/server/admin/editors/editor-access";

export function meta() {
  return [{ title: "Content page · Back office" }];
}

function pageIdOf(param: string | undefined): number | null | undefined {
  if (param === "new") return null;
  return idParam(param) ?? undefined;
}

export async function loader(args: Route.LoaderArgs) {
  const { site, db } = await requireSiteEditor(args, "content:write", "site");
  const pageId = pageIdOf(args.params.pageId);
  if (pageId === undefined) throw notFoundResponse();
  const page = pageId === null ? null : await loadPage(db, site.id, pageId);
  if (page === undefined) throw notFoundResponse();
  return {
    site,
    saved: new URL(args.request.url).searchParams.has("saved"),
    kinds: PAGE_KINDS,
    page: page && {
      id: page.id,
      title: page.title,
      slug: page.slug,
      kind: page.kind,
      metaDescription: page.metaDescription ?? "",
      body: page.body,
      published: page.publishedAt !== null,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { site, form, deps, audit } = await requireSiteEditor(args, "content:write", "site");
  const pageId = pageIdOf(args.params.pageId);
  if (pageId === undefined) throw notFoundResponse();
  if (form.get("intent") === "delete") {
    if (pageId === null) throw notFoundResponse();
    const result = await deletePage(deps, site.id, pageId, { audit });
    if (!result.ok) return data({ errors: result.errors }, { status: result.status });
    return redirect(`/admin/content/${site.id}?deleted`);
  }
  const parsed = parsePageForm(form);
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  const result = await savePage(deps, site.id, pageId, parsed.value, { audit });
  if (!result.ok) return data({ errors: result.errors }, { status: result.status });
  return redirect(`/admin/content/${site.id}/pages/${result.value.id}?saved`);
}

export default function PageEditor() {
  const { site, page, saved, kinds } = useLoaderData<typeof loader>();
  const errors = (useActionData<typeof action>() as { errors: Record<string, string> } | undefined)
    ?.errors;
  const v = page ?? {
    title: "",
    slug: "",
    kind: "page",
    metaDescription: "",
    body: "",
    published: true,
  };
  return (
    <>
      <SiteEditorNav site={site} title={page ? page.title : "New page"} />
      <Saved message={saved ? "Saved. The site shows the page as it is now." : null} />
      <FormMessage
        errors={errors}
        message={errors ? (errors.form ?? "The page needs fixing before it can be saved:") : null}
      />
      <Form method="post" noValidate className="max-w-3xl">
        <CsrfField />
        <Input name="title" label="Title" defaultValue={v.title} error={errors?.title} />
        <Input
          name="slug"
          label="Address name"
          defaultValue={v.slug}
          error={errors?.slug}
          hint="Lower-case letters, digits and dashes, e.g. about-us."
        />
        <Select
          name="kind"
          label="Kind"
          defaultValue={v.kind}
          error={errors?.kind}
          options={kinds.map((k) => ({ value: k, label: k }))}
        />
        <Input
          name="metaDescription"
          label="Summary for search engines (optional)"
          defaultValue={v.metaDescription}
          error={errors?.metaDescription}
        />
        <Input
          name="body"
          label="Body (HTML)"
          multiline={16}
          defaultValue={v.body}
          error={errors?.body}
          hint="Headings, paragraphs, lists, links and images; scripts and styles are removed."
        />
        <Checkbox name="published" label="Published" defaultChecked={v.published} />
        <button type="submit" className={`${buttonClass} mt-6`}>
          Save page
        </button>
      </Form>
      {page ? (
        <Form method="post" className="mt-8">
          <CsrfField />
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className={secondaryButtonClass}>
            Delete this page
          </button>
        </Form>
      ) : null}
    </>
  );
}
