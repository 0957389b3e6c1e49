import { formatCount } from "~/app/components/vehicle-card/format-cache";
import { useSite } from "~/app/lib/site";

/** The number of vehicles an option would show (disjunctive: its own facet's choices aside). */
export function OptionCount({ count, className }: { count: number; className?: string }) {
  const { locale } = useSite();
  return (
    <span className={className ?? "facet-option-count"}>
      {formatCount(count, locale)}
      <span className="sr-only"> vehicles</span>
    </span>
  );
}
