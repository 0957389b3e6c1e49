import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { KEYWORD_DEBOUNCE_MS } from "~/domain/search-facets";
import {
  canonicalSearchState,
  dropOrphanModels,
  searchFormToQueryString,
} from "~/domain/search-page";
import { buildScopedSearchUrl, parseScopedSearchUrl, searchScopeFor } from "~/domain/search-scope";
import type { SearchState } from "~/domain/search-url";
import type { FacetPanel, SearchPageData } from "~/app/routes/search.server";
import { unpackPanels, unpackSlugTargets } from "./packed-page-data";
import { useSite } from "~/app/lib/site";

export const FILTER_FORM_ID = "search-filters-form";
export const FILTER_DRAWER_ID = "search-filters";

type SearchUi = {
  data: SearchPageData;
  /** The filter panels, unpacked. */
  panels: FacetPanel[];
  /** The state the controls show: the pending navigation's while results load (optimistic). */
  view: SearchState;
  /** Results are being replaced. */
  loading: boolean;
  /** Reads the filter form and goes to its canonical URL; `debounce` for typing. */
  commit: (options?: { debounce?: boolean }) => void;
};

const SearchUiContext = createContext<SearchUi | null>(null);

export function useSearchUi(): SearchUi {
  const value = useContext(SearchUiContext);
  if (!value) throw new Error("useSearchUi() outside <SearchUiProvider>");
  return value;
}

/**
 * The page's state lives in the URL. Controls read it from the loader and write it by
 * navigating to the canonical URL of the filter form's contents: the same codec the server
 * reads, so a GET without JavaScript and a client-side navigation land on the same URL. Until the
 * new results arrive the controls show the state just asked for (an urgent update: the router's
 * own state changes in a transition, which would let a clicked checkbox flick back), or the
 * pending URL's state for navigations from elsewhere (back, forward, a chip).
 */
export function SearchUiProvider({
  data,
  children,
}: {
  data: SearchPageData;
  children: ReactNode;
}) {
  const site = useSite();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const timer = useRef<number | undefined>(undefined);
  /** The state a control just asked for, while the location it was asked from is current. */
  const [requested, setRequested] = useState<{ state: SearchState; from: string } | null>(null);
  // Any arrival at a location ends the request: Back can return to the very entry a request was
  // made from, and the request must not outlive the navigation it started (the results would
  // stay busy and the controls would show the abandoned state).
  const [arrivedAt, setArrivedAt] = useState(location.key);
  if (arrivedAt !== location.key) {
    setArrivedAt(location.key);
    setRequested(null);
  }
  const scopeRef = data.scope;
  const slugTargets = useMemo(() => unpackSlugTargets(data.slugTargets), [data.slugTargets]);

  const pending = navigation.location;
  const pendingInScope =
    pending !== undefined && searchScopeFor(pending.pathname)?.path === scopeRef.path;
  const requestedState = requested?.from === location.key ? requested.state : null;
  const view = useMemo(() => {
    if (requestedState) return requestedState;
    if (!pending || !pendingInScope) return data.state;
    const scope = searchScopeFor(pending.pathname);
    return (
      (scope && parseScopedSearchUrl(`${pending.pathname}${pending.search}`, scope, slugTargets)) ??
      data.state
    );
  }, [requestedState, pending, pendingInScope, data.state, slugTargets]);

  const commit = useCallback(
    (options: { debounce?: boolean } = {}) => {
      window.clearTimeout(timer.current);
      const go = () => {
        const form = document.getElementById(FILTER_FORM_ID);
        const scope = searchScopeFor(scopeRef.path);
        if (!(form instanceof HTMLFormElement) || !scope) return;
        const params = new URLSearchParams();
        for (const [key, value] of new FormData(form)) {
          if (typeof value === "string") params.append(key, value);
        }
        const query = searchFormToQueryString(params);
        const parsed = parseScopedSearchUrl(
          `${scope.path}${query ? `?${query}` : ""}`,
          scope,
          slugTargets,
        );
        if (!parsed) return;
        const next = canonicalSearchState(dropOrphanModels(parsed), site.settings);
        const url = buildScopedSearchUrl(next, scope, slugTargets);
        if (url !== `${window.location.pathname}${window.location.search}`) {
          setRequested({ state: next, from: location.key });
          void navigate(url, { preventScrollReset: true });
        }
      };
      if (options.debounce) timer.current = window.setTimeout(go, KEYWORD_DEBOUNCE_MS);
      else go();
    },
    [navigate, scopeRef.path, slugTargets, site.settings, location.key],
  );

  const loading = (navigation.state === "loading" && pendingInScope) || requestedState !== null;
  const panels = useMemo(() => unpackPanels(data.panels), [data.panels]);
  const value = useMemo(
    () => ({ data, panels, view, loading, commit }),
    [data, panels, view, loading, commit],
  );
  return <SearchUiContext.Provider value={value}>{children}</SearchUiContext.Provider>;
}
