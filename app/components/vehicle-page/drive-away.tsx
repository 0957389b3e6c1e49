import { DRIVE_AWAY_LABEL, DRIVE_AWAY_NOTE, type DriveAwayView } from "~/domain/drive-away";

/** The estimated drive-away price with its breakdown: the vehicle page and the checkout. */
export function DriveAwayBreakdown({ driveAway }: { driveAway: DriveAwayView }) {
  return (
    <details className="mt-2 text-sm text-slate-800" data-testid="drive-away">
      <summary className="cursor-pointer font-semibold">
        {DRIVE_AWAY_LABEL}: <span className="tabular-nums">{driveAway.total}</span>
      </summary>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-left">
        {driveAway.lines.map((line) => (
          <div key={line.label} className="contents">
            <dt>{line.label}</dt>
            <dd className="text-right tabular-nums">{line.amount}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-semibold">Total (estimate)</dt>
          <dd className="text-right font-semibold tabular-nums">{driveAway.total}</dd>
        </div>
      </dl>
      <p className="mt-2 text-slate-700">{DRIVE_AWAY_NOTE}</p>
    </details>
  );
}
