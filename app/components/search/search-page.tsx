import { useEffect, useRef } from "react";
import { SaveSearchButton } from "~/app/components/garage/save-search-button";
import { SEARCH_PAGE_TEXT } from "~/domain/search-facets";
import { selectedFacetCount } from "~/domain/search-url";
import type { SearchPageData } from "~/app/routes/search.server";
import { SiteLink } from "~/app/components/site/site-link";
import { APP_LINK } from "~/app/components/site/app-links";
import { VehicleCard } from "~/app/components/vehicle-card/vehicle-card";
import { unpackCard } from "~/app/components/vehicle-card/card-vehicle";
import { CardList } from "~/app/components/vehicle-card/card-list";
import { cn } from "~/app/lib/cn";
import { useSite } from "~/app/lib/site";
import { LoadingAnimation } from "./loading-animation";
import { RecentSearches } from "./recent-searches";
import { FILTER_DRAWER_ID, FILTER_FORM_ID, SearchUiProvider, useSearchUi } from "./search-context";
import { SearchFilters } from "./search-filters";
import { SearchPager } from "./search-pager";
import { formatNumber } from "~/domain/number-format";

/** Cards whose images load first: the first row on any screen. */
const PRIORITY_CARDS = 3;

function resultCount(total: number, locale: string): string {
  return total === 1 ? "1 vehicle" : `${formatNumber(total, locale)} vehicles`;
}

function SortSelect() {
  const { data, view, commit } = useSearchUi();
  return (
    // On a phone the select takes the room the row has left (and no more), so the row, and the
    // Sort button shown without JavaScript, stay on screen.
    // `.search-sort` (app/app.css) styles its label, select and button.
    <div className="search-sort">
      <label htmlFor="search-sort">Sort by</label>
      <select
        id="search-sort"
        name="sortBy"
        form={FILTER_FORM_ID}
        value={view.sortBy ?? data.sort}
        onChange={() => commit()}
      >
        {data.sortOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" form={FILTER_FORM_ID}>
          Sort
        </button>
      </noscript>
    </div>
  );
}

function SelectedChips() {
  const { data } = useSearchUi();
  if (data.chips.length === 0 && !data.clearAllHref) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Selected filters</h2>
      <ul className="flex flex-wrap gap-2">
        {data.chips.map((chip) => (
          <li key={`${chip.facet}:${chip.value}`}>
            <a
              href={chip.href}
              {...APP_LINK}
              data-keep-scroll=""
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-slate-300 bg-slate-50 py-1 pr-2 pl-3 text-sm hover:border-brand"
            >
              {chip.label}
              <span className="sr-only">, remove</span>
              <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden="true">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" />
              </svg>
            </a>
          </li>
        ))}
        {data.state.query !== "" && (
          <li className="inline-flex min-h-9 items-center rounded-full bg-slate-50 px-3 text-sm">
            Keyword: “{data.state.query}”
          </li>
        )}
      </ul>
      {data.clearAllHref && (
        <a
          href={data.clearAllHref}
          {...APP_LINK}
          data-keep-scroll=""
          className="min-h-9 px-2 text-sm font-semibold text-brand underline"
        >
          Clear all
        </a>
      )}
    </div>
  );
}

/** The grid's last card: no vehicle, an offer to find one ('Like this and want something similar?'). */
/** The cells the filler card spans in the results grid (2 columns from sm, 3 from xl): the rest
 * of the last row, or the whole of a new one, so no row is left half empty. */
const FILLER_SPAN = {
  sm: { 0: "sm:col-span-2", 1: "sm:col-span-1" },
  xl: { 0: "xl:col-span-3", 1: "xl:col-span-2", 2: "xl:col-span-1" },
} as const;

function SomethingSimilarCard({ after = 0 }: { after?: number }) {
  return (
    // `.card-filler` (app/app.css) styles its text and link.
    <li
      className={cn(
        "card-filler",
        FILLER_SPAN.sm[(after % 2) as 0 | 1],
        FILLER_SPAN.xl[(after % 3) as 0 | 1 | 2],
      )}
    >
      <p className="t-heading">{SEARCH_PAGE_TEXT.somethingSimilar}</p>
      <p>Tell us what you are after and our team will find it for you.</p>
      <SiteLink href="/contact" className="btn-outline">
        Ask our team
      </SiteLink>
    </li>
  );
}

function Results({ onPageLink }: { onPageLink: () => void }) {
  const { data, loading } = useSearchUi();
  const site = useSite();
  const vehicles = data.cards.map(unpackCard);
  return (
    <div className="relative" aria-busy={loading}>
      {loading && (
        <div className="pointer-events-none absolute inset-0 z-20 flex justify-center bg-white/60 pt-24">
          <LoadingAnimation kind={site.settings.loadingAnimation} className="sticky top-24 h-fit" />
        </div>
      )}
      {data.total === 0 ? (
        <div className="mt-8">
          <h2 className="text-2xl t-heading">No vehicles match your search</h2>
          <p className="mt-2 text-slate-700">
            Try removing a filter above{data.clearAllHref ? " or clear them all" : ""}, or ask us to
            find one for you.
          </p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <SomethingSimilarCard />
          </ul>
        </div>
      ) : (
        <CardList
          certified={vehicles.some((vehicle) => vehicle.certified)}
          className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          {vehicles.map((vehicle, index) => (
            <li key={vehicle.id}>
              <VehicleCard vehicle={vehicle} priority={index < PRIORITY_CARDS} />
            </li>
          ))}
          <SomethingSimilarCard after={vehicles.length} />
        </CardList>
      )}
      <SearchPager
        page={data.page}
        count={data.pageCount}
        hrefs={data.pageHref}
        onNavigate={onPageLink}
      />
    </div>
  );
}

function SearchLayout() {
  const { data, view } = useSearchUi();
  const site = useSite();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const pageLinkClicked = useRef(false);
  const filterCount = selectedFacetCount(view) + (view.query ? 1 : 0);

  // After a pager click, bring the visitor to the top of the new page's results.
  useEffect(() => {
    if (!pageLinkClicked.current) return;
    pageLinkClicked.current = false;
    resultsHeading.current?.focus();
    resultsHeading.current?.scrollIntoView({ block: "start" });
  }, [data.page, data.url]);

  return (
    // One click handler makes every card, chip and page link navigate in the app.
    <div className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <h1 className="text-2xl sm:text-3xl t-heading">{data.heading}</h1>
      <div className="mt-6 lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-8">
        <aside aria-label="Search filters">
          <SearchFilters />
        </aside>
        <section aria-labelledby="results-heading" className="min-w-0" data-search-url={data.url}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2
              id="results-heading"
              ref={resultsHeading}
              tabIndex={-1}
              className="scroll-mt-4 text-lg font-semibold text-slate-900"
            >
              {resultCount(data.total, site.locale)}
              {data.pageCount > 1 && (
                <span className="font-normal text-slate-700">
                  {" "}
                  · page {data.page} of {data.pageCount}
                </span>
              )}
            </h2>
            <div className="flex w-full min-w-0 items-center gap-2 sm:w-auto">
              <button
                type="button"
                popoverTarget={FILTER_DRAWER_ID}
                className="filters-open btn-outline"
              >
                Filters{filterCount > 0 ? ` (${filterCount})` : ""}
              </button>
              <SortSelect />
            </div>
          </div>
          <p className="sr-only" aria-live="polite" aria-atomic="true">
            {`${resultCount(data.total, site.locale)} found`}
          </p>
          <SelectedChips />
          <SaveSearchButton />
          <Results onPageLink={() => (pageLinkClicked.current = true)} />
          <RecentSearches url={data.url} label={data.heading} />
        </section>
      </div>
    </div>
  );
}

/** The search results page (docs/product/search-and-urls.md, "Search page"). */
export function SearchPage({ data }: { data: SearchPageData }) {
  return (
    <SearchUiProvider data={data}>
      <SearchLayout />
    </SearchUiProvider>
  );
}
