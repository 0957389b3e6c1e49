import { SEARCH_PAGE_TEXT } from "~/domain/search-facets";
import type { FacetPanel, MakeOption } from "~/app/routes/search.server";
import { MakeMark } from "./make-mark";
import { OptionCount } from "./option-count";
import { useSearchUi } from "./search-context";

function MakeCard({
  make,
  checked,
  onChange,
}: {
  make: MakeOption;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <li>
      <label className="make-card">
        <input
          type="checkbox"
          name="make"
          value={make.value}
          checked={checked}
          onChange={onChange}
        />
        <MakeMark
          make={make.value}
          label={make.label}
          catalogueLogo={make.logoUrl}
          labelClassName="font-medium text-slate-900"
        />
        <OptionCount count={make.count} />
      </label>
    </li>
  );
}

/**
 * Makes as cards with the make's logo or wordmark (make-mark.tsx): the popular makes first,
 * 'Show all makes' / 'Hide extra makes' for the rest, and under each selected make
 * 'Select models' / 'Hide'. The toggles are <details>, so they need no script.
 */
export function MakeCards({ panel }: { panel: Extract<FacetPanel, { kind: "makes" }> }) {
  const { view, commit } = useSearchUi();
  const selectedMakes = view.filters.make ?? [];
  const selectedModels = view.filters.make_model ?? [];
  const popular = panel.options.filter((m) => m.popular);
  const extra = panel.options.filter((m) => !m.popular);
  const card = (make: MakeOption) => (
    <MakeCard
      key={make.value}
      make={make}
      checked={selectedMakes.includes(make.value)}
      onChange={() => commit()}
    />
  );

  return (
    // `.make-panel` (app/app.css) styles its heading, grids and 'Show all makes'.
    <section aria-labelledby="make-panel-heading" className="make-panel">
      <h3 id="make-panel-heading">{panel.label}</h3>
      <fieldset>
        <legend className="sr-only">{panel.label}</legend>
        <ul>{popular.map(card)}</ul>
        {extra.length > 0 && (
          <details className="group mt-2">
            <summary>
              <span className="group-open:hidden">{SEARCH_PAGE_TEXT.showAllMakes}</span>
              <span className="hidden group-open:inline">{SEARCH_PAGE_TEXT.hideExtraMakes}</span>
            </summary>
            <ul>{extra.map(card)}</ul>
          </details>
        )}
      </fieldset>
      {panel.options
        .filter((make) => make.models !== null && make.models.length > 0)
        .map((make) => (
          <details
            key={make.value}
            className="group mt-3 rounded-site border border-slate-200 px-3"
            open={make.models?.some((m) => selectedModels.includes(m.value))}
          >
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 text-sm [&::-webkit-details-marker]:hidden">
              <span className="font-semibold text-slate-900">{make.label}</span>
              <span className="font-semibold text-brand underline">
                <span className="group-open:hidden">{SEARCH_PAGE_TEXT.selectModels}</span>
                <span className="hidden group-open:inline">{SEARCH_PAGE_TEXT.hideModels}</span>
                <span className="sr-only"> ({make.label} models)</span>
              </span>
            </summary>
            <fieldset className="pb-2">
              <legend className="sr-only">{make.label} models</legend>
              <ul className="facet-options">
                {make.models?.map((model) => (
                  <li key={model.value}>
                    <label>
                      <input
                        type="checkbox"
                        name="make_model"
                        value={model.value}
                        checked={selectedModels.includes(model.value)}
                        onChange={() => commit()}
                      />
                      {model.label}
                      <OptionCount count={model.count} />
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          </details>
        ))}
    </section>
  );
}
