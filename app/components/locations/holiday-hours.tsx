import { useState } from "react";
import { dateTimeFormat } from "~/domain/number-format";
import { specialHoursText, upcomingSpecialHours } from "~/domain/opening-hours";
import type { SpecialHoursInput } from "~/domain/opening-hours";
import { LOCATION_CARD_TEXT } from "~/domain/locations";
import type { Locale } from "~/domain/site-settings";
import { Modal } from "~/app/components/engagement/modal";
import { cn } from "~/app/lib/cn";

type HolidayEntry = SpecialHoursInput & { label?: string | null };

function dateText(isoDate: string, locale: Locale): string {
  return dateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** 'View Holiday Hours': a dialog with the location's special hours from today on. */
export function HolidayHours({
  locationId,
  locationName,
  entries,
  today,
  locale,
  className,
}: {
  locationId: number;
  locationName: string;
  entries: readonly HolidayEntry[];
  today: string;
  locale: Locale;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const upcoming = upcomingSpecialHours(entries, locationId, today);
  if (upcoming.length === 0) return null;
  const labels = new Map(entries.map((e) => [e.date, e.label ?? null]));
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={cn("text-sm font-semibold text-brand underline underline-offset-2", className)}
      >
        {LOCATION_CARD_TEXT.holidayHours}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Holiday hours"
        description={locationName}
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{`Holiday hours of ${locationName}`}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-2 pr-4 font-semibold">
                Date
              </th>
              <th scope="col" className="py-2 font-semibold">
                Hours
              </th>
            </tr>
          </thead>
          <tbody>
            {upcoming.map((day) => (
              <tr key={day.date} className="border-b border-slate-100">
                <th scope="row" className="py-2 pr-4 font-normal">
                  <span className="block">{dateText(day.date, locale)}</span>
                  {labels.get(day.date) && (
                    <span className="block text-slate-600">{labels.get(day.date)}</span>
                  )}
                </th>
                <td className="py-2">{specialHoursText(day)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Modal>
    </>
  );
}
