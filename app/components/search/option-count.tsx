import { formatCount } from "~/app/components/vehicle-card/format-cache";
import { useSite } from "~/app/lib/site";

/** The number of vehicles an option would show (disjunctive: its own facet's choices aside). */
export function OptionCount({ count }: { count: number }) {
  const { locale } = useSite();
  // Styled by where it stands (`.facet-options`, `.make-card`: app/app.css), which also hides
  // ' vehicles' but from screen readers.
  return (
    <span>
      {formatCount(count, locale)}
      <span> vehicles</span>
    </span>
  );
}
