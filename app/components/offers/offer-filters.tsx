import { Form } from "react-router";
import type { OfferFacets } from "~/server/content/offers";
import { cn } from "~/app/lib/cn";
import { localiseText } from "~/domain/locale";
import { useSite, useTemplate } from "~/app/lib/site";
import { APP_LINK } from "~/app/components/site/app-links";

type Selected = { make: string | null; model: string | null; body: string | null; query: string };

function Select({
  name,
  label,
  options,
  value,
  allLabel,
}: {
  name: string;
  label: string;
  options: string[];
  value: string | null;
  allLabel: string;
}) {
  const { locale } = useSite();
  return (
    <div>
      <label htmlFor={`offer-${name}`} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <select
        id={`offer-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className="mt-1 block w-full rounded-site border border-slate-400 bg-white px-3 py-2 text-slate-900"
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {localiseText(option, locale)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The offers filter (the offers search of docs/product/search-and-urls.md: manufacturer, model,
 * body and a keyword): a plain GET form, so it works without JavaScript and every filtered view has
 * its own URL.
 */
export function OfferFilters({ facets, selected }: { facets: OfferFacets; selected: Selected }) {
  const t = useTemplate();
  const filtered = Boolean(selected.make || selected.model || selected.body || selected.query);
  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter offers"
      className="grid gap-4 rounded-site border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
    >
      <Select
        name="make"
        label="Make"
        options={facets.manufacturers}
        value={selected.make}
        allLabel="All makes"
      />
      <Select
        name="model"
        label="Model"
        options={facets.models}
        value={selected.model}
        allLabel="All models"
      />
      <Select
        name="body"
        label="Body type"
        options={facets.bodies}
        value={selected.body}
        allLabel="All body types"
      />
      <div>
        <label htmlFor="offer-query" className="block text-sm font-semibold text-slate-900">
          Keyword
        </label>
        <input
          id="offer-query"
          name="query"
          type="search"
          defaultValue={selected.query}
          placeholder="e.g. SUV, finance"
          className="mt-1 block w-full rounded-site border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-600"
        />
      </div>
      <div className="flex gap-2">
        <button type="submit" className={cn("flex-1 px-4 py-2 font-semibold", t.button)}>
          Show offers
        </button>
        {filtered && (
          <a
            {...APP_LINK}
            href="/special-offers"
            className={cn("px-4 py-2 font-semibold", t.buttonOutline)}
          >
            Clear
          </a>
        )}
      </div>
    </Form>
  );
}
