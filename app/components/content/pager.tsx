import { Link } from "react-router";
import { cn } from "~/app/lib/cn";

/** Page links for a listing (page 1 has no page parameter). */
export function Pager({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={hrefFor(n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={`Page ${n}`}
              className={cn(
                "inline-flex size-11 items-center justify-center rounded-site border font-semibold",
                n === page
                  ? "border-brand bg-brand text-brand-foreground"
                  : "border-slate-300 hover:border-brand",
              )}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
