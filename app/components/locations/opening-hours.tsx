import { groupOpeningHours } from "~/domain/opening-hours";
import type { OpeningHoursEntry } from "~/domain/opening-hours";
import { cn } from "~/app/lib/cn";

/** Opening hours as rows: 'Mon-Fri' when the weekdays share hours, otherwise one per day. */
export function OpeningHours({
  entries,
  title,
  className,
}: {
  entries: readonly OpeningHoursEntry[];
  title: string;
  className?: string;
}) {
  const rows = groupOpeningHours(entries);
  if (rows.length === 0) return null;
  return (
    <div className={className}>
      <p className="text-sm font-semibold text-slate-900">{title}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-slate-700">{row.label}</dt>
            <dd className={cn(row.status === "Closed" ? "text-slate-600" : "text-slate-900")}>
              {row.hours}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
