/**
 * Saved cars side by side (docs/product/garage.md, "Compare"): each car's photo and name over
 * its column, a row per detail. A row whose values differ is marked 'Differs' in its header (read
 * with the row by a screen reader, seen without colour) and tinted; 'Show only differences' hides
 * the rows where every car is the same.
 */
import { useId, useState } from "react";
import { APP_LINK } from "~/app/components/site/app-links";
import type { GarageVehicle } from "~/app/routes/garage.server";

export type CompareRow = { label: string; values: string[]; differs: boolean };

/** Price first, then every detail any of the cars has ('–' where one has not). */
export function compareRows(vehicles: readonly GarageVehicle[]): CompareRow[] {
  const labels = [...new Set(vehicles.flatMap((v) => v.specs.map((s) => s.label)))];
  const rows = [
    { label: "Price", values: vehicles.map((v) => v.price) },
    ...labels.map((label) => ({
      label,
      values: vehicles.map((v) => v.specs.find((s) => s.label === label)?.value ?? "–"),
    })),
  ];
  return rows.map((row) => ({ ...row, differs: new Set(row.values).size > 1 }));
}

export function CompareTable({ vehicles }: { vehicles: GarageVehicle[] }) {
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const summaryId = useId();
  const rows = compareRows(vehicles);
  const differing = rows.filter((r) => r.differs).length;
  const shown = onlyDifferences ? rows.filter((r) => r.differs) : rows;
  return (
    <section className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p id={summaryId} className="text-sm text-slate-800">
          {differing === 0
            ? "These cars have the same details apart from their photos."
            : `${differing} of ${rows.length} details differ, marked ‘Differs’.`}
        </p>
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold">
          <input
            type="checkbox"
            className="size-5"
            checked={onlyDifferences}
            onChange={(e) => setOnlyDifferences(e.target.checked)}
          />
          Show only differences
        </label>
      </div>
      {/* Three cars are wider than a phone: the table scrolls sideways, by keyboard too. */}
      <div
        className="mt-2 overflow-x-auto"
        role="region"
        aria-label="Compare saved cars, scrolls sideways"
        tabIndex={0}
      >
        <table
          className="w-full border-collapse text-left text-sm"
          aria-describedby={summaryId}
          data-compare-table
        >
          <caption className="mb-2 text-left text-lg font-bold">Compare saved cars</caption>
          <thead>
            <tr>
              <td className="border-b p-2" />
              {vehicles.map((v) => (
                <th key={v.id} scope="col" className="border-b p-2 align-bottom">
                  <div className="aspect-[4/3] w-28 overflow-hidden rounded-site bg-slate-100 sm:w-40">
                    {v.image ? (
                      <img
                        src={v.image}
                        alt=""
                        width={160}
                        height={120}
                        className="size-full object-cover"
                        data-compare-photo
                      />
                    ) : (
                      <span className="flex size-full items-center justify-center text-xs text-slate-600">
                        No photo yet
                      </span>
                    )}
                  </div>
                  <a {...APP_LINK} href={v.href} className="mt-2 block hover:underline">
                    {v.title}
                  </a>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr
                key={row.label}
                data-differs={row.differs ? "true" : undefined}
                className={row.differs ? "bg-amber-50" : undefined}
              >
                <th
                  scope="row"
                  className={
                    row.differs
                      ? "border-b border-l-4 border-l-amber-600 p-2"
                      : "border-b border-l-4 border-l-transparent p-2"
                  }
                >
                  {row.label}
                  {row.differs && " "}
                  {row.differs && (
                    <span className="ml-1 inline-block rounded bg-amber-200 px-1.5 py-0.5 text-xs font-bold text-amber-950">
                      Differs
                    </span>
                  )}
                </th>
                {row.values.map((value, i) => (
                  <td
                    key={vehicles[i]!.id}
                    className={
                      row.label === "Price" ? "border-b p-2 font-semibold" : "border-b p-2"
                    }
                  >
                    {value}
                  </td>
                ))}
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={vehicles.length + 1} className="border-b p-2">
                  No differences: every detail is the same.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
