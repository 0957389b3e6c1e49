import { DRIVE_AWAY_LABEL, DRIVE_AWAY_NOTE, type DriveAwayView } from "~/domain/drive-away";

/** The estimated drive-away price with its breakdown: the vehicle page and the checkout. */
export function DriveAwayBreakdown({ driveAway }: { driveAway: DriveAwayView }) {
  return (
    <details className="mt-2 text-sm text-slate-800" data-testid="drive-away">
      <summary className="cursor-pointer font-semibold">
        {DRIVE_AWAY_LABEL}: <span className="tabular-nums">{driveAway.total}</span>
      </summary>
      {/* Rows and amounts are styled by the `drive-away-lines` component class (app/app.css). */}
      <dl className="drive-away-lines">
        {driveAway.lines.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.amount}</dd>
          </div>
        ))}
        <div className="font-semibold">
          <dt>Total (estimate)</dt>
          <dd>{driveAway.total}</dd>
        </div>
      </dl>
      <p className="mt-2 text-slate-700">{DRIVE_AWAY_NOTE}</p>
    </details>
  );
}
