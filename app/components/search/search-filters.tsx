import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from "react";
import { MONEY_FACETS, SEARCH_PAGE_TEXT } from "~/domain/search-facets";
import { localiseText } from "~/domain/locale";
import { MOCK_ERROR_PARAM, rangeFieldNames } from "~/domain/search-page";
import type { FacetOption, FacetPanel } from "~/app/routes/search.server";
import { useSite } from "~/app/lib/site";
import { formatCount } from "~/app/components/vehicle-card/format-cache";
import { MakeCards } from "./make-cards";
import { OptionCount } from "./option-count";
import { FILTER_DRAWER_ID, FILTER_FORM_ID, useSearchUi } from "./search-context";
import { formatNumber } from "~/domain/number-format";

/**
 * A typed value that follows the URL (back/forward, a chip, 'Clear all') except while the visitor
 * is typing in it: results for the first letters must not overwrite the letters typed since.
 */
function useSyncedText(serverValue: string) {
  const [value, setValue] = useState(serverValue);
  const [seen, setSeen] = useState(serverValue);
  const [editing, setEditing] = useState(false);
  if (seen !== serverValue && !editing) {
    setSeen(serverValue);
    if (value.trim() !== serverValue) setValue(serverValue);
  }
  return {
    value,
    setValue,
    onFocus: () => setEditing(true),
    onBlur: () => setEditing(false),
  };
}

function Checkbox({
  name,
  option,
  checked,
  onChange,
}: {
  name: string;
  option: FacetOption;
  checked: boolean;
  onChange: () => void;
}) {
  const { locale } = useSite();
  // The label holds its checkbox: no ids to pair them (app/app.css styles `.facet-options`).
  return (
    <li>
      <label>
        <input
          type="checkbox"
          name={name}
          value={option.value}
          checked={checked}
          onChange={onChange}
        />
        {localiseText(option.label, locale)}
        <OptionCount count={option.count} />
      </label>
    </li>
  );
}

function Panel({
  title,
  children,
  open = true,
}: {
  title: string;
  children: ReactNode;
  open?: boolean;
}) {
  return (
    <details open={open} className="facet-panel">
      {/* The chevron is the summary's ::after (app/app.css). */}
      <summary className="facet-panel-summary">
        <h3>{title}</h3>
      </summary>
      <div>{children}</div>
    </details>
  );
}

function ListPanel({ panel }: { panel: Extract<FacetPanel, { kind: "list" }> }) {
  const { view, commit } = useSearchUi();
  const selected = view.filters[panel.facet] ?? [];
  return (
    <Panel title={panel.label} open={panel.options.length <= 12 || selected.length > 0}>
      {/* The legend repeats the summary's heading for screen readers (`.facet-panel legend`). */}
      <fieldset>
        <legend>{panel.label}</legend>
        <ul className="facet-options">
          {panel.options.map((option) => (
            <Checkbox
              key={option.value}
              name={panel.facet}
              option={option}
              checked={selected.includes(option.value)}
              onChange={() => commit()}
            />
          ))}
        </ul>
      </fieldset>
    </Panel>
  );
}

function RangePanel({ panel }: { panel: Extract<FacetPanel, { kind: "range" }> }) {
  const { view, commit } = useSearchUi();
  const site = useSite();
  const names = rangeFieldNames(panel.facet);
  const current = view.filters[panel.facet]?.[0] ?? "";
  const [minText = "", maxText = ""] = current.split(":");
  const min = useSyncedText(minText);
  const max = useSyncedText(maxText);
  const fmt = (n: number) =>
    panel.facet === "year" ? String(Math.round(n)) : formatCount(Math.round(n), site.locale);
  const money = MONEY_FACETS.has(panel.facet);
  const prefix = money ? "$" : "";
  const input = (which: "min" | "max", text: ReturnType<typeof useSyncedText>) => (
    // The label holds its box, as a checkbox option's does (app/app.css, `.range-field`).
    <label className="range-field">
      {which === "min" ? "Min" : "Max"}
      <span className="sr-only">{` ${panel.label.toLowerCase()}`}</span>
      <input
        name={which === "min" ? names.min : names.max}
        type="number"
        inputMode="numeric"
        min={0}
        value={text.value}
        onFocus={text.onFocus}
        onBlur={text.onBlur}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          text.setValue(event.target.value);
          commit({ debounce: true });
        }}
        placeholder={
          panel.stats
            ? `${prefix}${fmt(which === "min" ? panel.stats.min : panel.stats.max)}`
            : undefined
        }
      />
    </label>
  );
  return (
    <Panel title={panel.label}>
      <fieldset className="flex gap-2">
        <legend>{panel.label}</legend>
        {input("min", min)}
        {input("max", max)}
      </fieldset>
    </Panel>
  );
}

function KeywordBox() {
  const { view, commit } = useSearchUi();
  const text = useSyncedText(view.query);
  return (
    <div role="search" className="pb-3">
      <label htmlFor="search-keyword" className="sr-only">
        Keyword search
      </label>
      <input
        id="search-keyword"
        name="query"
        type="search"
        value={text.value}
        onFocus={text.onFocus}
        onBlur={text.onBlur}
        onChange={(event) => {
          text.setValue(event.target.value);
          commit({ debounce: true });
        }}
        placeholder={SEARCH_PAGE_TEXT.keywordPlaceholder}
        autoComplete="off"
        enterKeyHint="search"
        className="filter-keyword"
      />
    </div>
  );
}

/** Selected values with no control in the sidebar still belong to the form's state. */
function HiddenSelections({ shown }: { shown: ReadonlySet<string> }) {
  const { view } = useSearchUi();
  return (
    <>
      {Object.entries(view.filters)
        .filter(([facet]) => !shown.has(facet))
        .flatMap(([facet, values]) =>
          (values ?? []).map((value) => (
            <input key={`${facet}:${value}`} type="hidden" name={facet} value={value} />
          )),
        )}
    </>
  );
}

/**
 * The filter sidebar: a GET form, so every filter works without JavaScript (the server reads
 * the form's query and redirects to the canonical URL). With JavaScript each change navigates
 * client-side at once (typing after 300 ms). On small screens it is a drawer (a native popover)
 * opened by the 'Filters' button, closed by 'Show N results'.
 */
export function SearchFilters() {
  const { data, panels, commit, loading } = useSearchUi();
  const site = useSite();
  const drawer = useRef<HTMLDivElement>(null);
  const shown = new Set<string>(panels.map((p) => p.facet));
  if (panels.some((p) => p.kind === "makes" && p.modelsFacet)) shown.add("make_model");

  useEffect(() => {
    const element = drawer.current;
    if (!element) return;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === "open")
        element.querySelector<HTMLElement>("h2")?.focus();
    };
    element.addEventListener("toggle", onToggle);
    return () => element.removeEventListener("toggle", onToggle);
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    commit();
    drawer.current?.hidePopover?.();
  };
  const count = data.total === 1 ? "1 result" : `${formatNumber(data.total, site.locale)} results`;

  return (
    <div
      ref={drawer}
      id={FILTER_DRAWER_ID}
      popover="auto"
      aria-labelledby="search-filters-heading"
      // Small screens: a drawer from the left, shown only while open (the popover's own rule);
      // large screens: an ordinary sidebar, always shown (`.filter-drawer`, app/app.css).
      className="filter-drawer"
    >
      <div className="filter-drawer-head">
        <h2 id="search-filters-heading" tabIndex={-1} className="t-heading">
          Filters
        </h2>
        <button type="button" popoverTarget={FILTER_DRAWER_ID} popoverTargetAction="hide">
          Close
        </button>
      </div>
      <form
        id={FILTER_FORM_ID}
        method="get"
        action={data.scope.path}
        onSubmit={onSubmit}
        noValidate
      >
        <KeywordBox />
        {panels.map((panel) => {
          switch (panel.kind) {
            case "makes":
              return <MakeCards key={panel.facet} panel={panel} />;
            case "range":
              return <RangePanel key={panel.facet} panel={panel} />;
            case "list":
              return <ListPanel key={panel.facet} panel={panel} />;
          }
        })}
        <HiddenSelections shown={shown} />
        <div className="filter-apply">
          <button type="submit" aria-live="polite" className="btn">
            {loading ? "Updating…" : `Apply (${count})`}
          </button>
        </div>
      </form>
      {site.settings.leadApiMode === "mock" ? <MockErrorForm action={data.scope.path} /> : null}
    </div>
  );
}

/**
 * 'Mock Error', on a site in test mode only: a search that fails with the message typed, so the
 * site's team can see how a failed search reads before a shopper ever meets one.
 */
function MockErrorForm({ action }: { action: string }) {
  return (
    <form method="get" action={action} className="mt-4 border-t border-slate-300 pt-3">
      <label htmlFor="mock-error" className="block text-sm font-semibold">
        Mock Error
      </label>
      <input
        id="mock-error"
        name={MOCK_ERROR_PARAM}
        type="text"
        maxLength={200}
        className="mt-1 w-full rounded border border-slate-400 px-2 py-1"
      />
      <button type="submit" className="btn mt-2">
        Search with this error
      </button>
    </form>
  );
}
