import { APP_LINKS } from "~/app/components/site/app-links";

/** Page numbers to show: first, last, and two either side of the current page; null = a gap. */
export function pagerItems(page: number, count: number): (number | null)[] {
  const wanted = new Set([1, count, page - 2, page - 1, page, page + 1, page + 2]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b);
  const items: (number | null)[] = [];
  pages.forEach((p, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && p - previous > 1) items.push(null);
    items.push(p);
  });
  return items;
}

/**
 * Links between result pages: real links crawlers follow (page 1 has no page parameter), and
 * client-side navigation for visitors. `onNavigate` lets the page move focus to the results.
 */
export function SearchPager({
  page,
  count,
  hrefs,
  onNavigate,
}: {
  page: number;
  count: number;
  hrefs: Readonly<Record<number, string>>;
  onNavigate: () => void;
}) {
  if (count <= 1) return null;
  const href = (p: number) => hrefs[p] ?? "";
  return (
    <nav aria-label="Pagination" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2" {...APP_LINKS}>
        {page > 1 && (
          <li>
            <a
              href={href(page - 1)}
              data-keep-scroll=""
              rel="prev"
              onClick={onNavigate}
              className="pager-link"
            >
              Previous<span className="sr-only"> page</span>
            </a>
          </li>
        )}
        {pagerItems(page, count).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-600">
              …
            </li>
          ) : (
            <li key={p}>
              <a
                href={href(p)}
                data-keep-scroll=""
                onClick={onNavigate}
                aria-current={p === page ? "page" : undefined}
                aria-label={`Page ${p}`}
                // The current page is styled by its aria-current (app.css).
                className="pager-link"
              >
                {p}
              </a>
            </li>
          ),
        )}
        {page < count && (
          <li>
            <a
              href={href(page + 1)}
              data-keep-scroll=""
              rel="next"
              onClick={onNavigate}
              className="pager-link"
            >
              Next<span className="sr-only"> page</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
