/**
 * Booking times (docs/product/bookings.md, "The time picker"). With JavaScript: a calendar of one
 * week at a time (previous and next week buttons), seven day columns on a wide screen and a day
 * strip with the chosen day's times on a phone; taken times are shown, crossed out and disabled.
 * Without JavaScript every day with times is a native disclosure (<details>) of radio buttons.
 * Either way the times are radio buttons of one group named after the field, so the form posts
 * the chosen slot's start instant.
 */
import { useState } from "react";
import {
  calendarWeeks,
  isTimeZone,
  localDate,
  type CalendarDay,
  type SlotDay,
} from "~/domain/booking-slots";
import { isFieldRequired } from "~/domain/form-fields";
import type { LeadFormField } from "~/domain/lead-forms";
import { dateTimeFormat } from "~/domain/number-format";
import { useSite } from "~/app/lib/site";
import { useHydrated } from "~/app/lib/use-hydrated";
import { cn } from "~/app/lib/cn";
import { FieldError, fieldId } from "./field-controls";

function dayText(
  date: string,
  locale: string,
  options: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long" },
): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return dateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

type PickerProps = {
  formId: string;
  field: LeadFormField;
  label: string;
  days: readonly SlotDay[];
  value: string | undefined;
  error: string | undefined;
  locale: string;
};

export function TimeSlotPicker(props: PickerProps) {
  const { formId, field, label, error } = props;
  const id = fieldId(formId, field.name);
  // The plain list until hydration (and without JavaScript), the calendar after.
  const hydrated = useHydrated();
  return (
    <fieldset
      data-field={field.name}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="font-medium text-slate-900">
        {label}
        {isFieldRequired(field) && (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        )}
      </legend>
      {hydrated ? <WeekCalendar {...props} id={id} /> : <DayList {...props} id={id} />}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

const NO_TIMES = "There are no free times in the next few days. Please call us to book.";

/** Without JavaScript: each day with times as a disclosure; the chosen (or first) day open. */
function DayList({ id, field, days, value, locale }: PickerProps & { id: string }) {
  const shown = days.filter((d) => d.slots.length > 0 || d.taken.length > 0);
  if (!shown.some((d) => d.slots.length > 0))
    return <p className="mt-2 text-slate-700">{NO_TIMES}</p>;
  const openDate =
    shown.find((d) => d.slots.some((s) => s.start === value))?.date ??
    shown.find((d) => d.slots.length > 0)?.date;
  const firstFree = shown.flatMap((d) => d.slots)[0]?.start;
  return (
    <div className="mt-2 space-y-2">
      {shown.map((day) => {
        const name = dayText(day.date, locale);
        const times = [
          ...day.slots.map((s) => ({ ...s, taken: false })),
          ...day.taken.map((s) => ({ ...s, taken: true })),
        ].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
        return (
          <details
            key={day.date}
            open={day.date === openDate}
            className="rounded-site border border-slate-300"
          >
            <summary className="cursor-pointer px-3 py-2 font-medium">
              {name}{" "}
              <span className="text-sm font-normal text-slate-600">
                ({day.slots.length} {day.slots.length === 1 ? "time" : "times"} free)
              </span>
            </summary>
            <div className="flex flex-wrap gap-2 px-3 pt-1 pb-3">
              {times.map((slot) => {
                return (
                  <TimeChoice
                    key={slot.start}
                    id={slot.start === firstFree ? id : undefined}
                    name={field.name}
                    start={slot.start}
                    label={slot.label}
                    dayName={name}
                    taken={slot.taken}
                    defaultChecked={slot.start === value}
                    showRadio
                  />
                );
              })}
            </div>
          </details>
        );
      })}
    </div>
  );
}

/** One time: a radio button, or for a taken time a disabled one outside the group. */
function TimeChoice({
  id,
  name,
  start,
  label,
  dayName,
  taken,
  checked,
  defaultChecked,
  onChoose,
  showRadio = false,
}: {
  id?: string;
  name: string;
  start: string;
  label: string;
  dayName: string;
  taken: boolean;
  checked?: boolean;
  defaultChecked?: boolean;
  onChoose?: (start: string) => void;
  showRadio?: boolean;
}) {
  return (
    <label
      data-slot="booking-time"
      data-start={start}
      data-taken={taken || undefined}
      className={cn(
        "relative inline-flex flex-wrap items-center justify-center gap-x-1.5 rounded-site border px-2 py-1.5 text-sm leading-tight",
        taken
          ? "cursor-not-allowed border-dashed border-slate-400 bg-slate-100 text-slate-700"
          : "cursor-pointer border-slate-400 has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-brand-foreground has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-slate-900",
      )}
    >
      <input
        id={id}
        type="radio"
        // A taken time is outside the group (no name): it is never sent, and arrows skip it.
        name={taken ? undefined : name}
        value={taken ? undefined : start}
        disabled={taken}
        checked={checked}
        defaultChecked={defaultChecked}
        onChange={onChoose ? () => onChoose(start) : undefined}
        aria-label={taken ? `${dayName}, ${label}, taken` : `${dayName}, ${label}`}
        // In the calendar the radio covers its chip, unseen: a click on the chip is a click on it.
        className={
          showRadio
            ? "accent-[var(--brand)]"
            : "absolute inset-0 m-0 size-full cursor-[inherit] appearance-none opacity-0"
        }
      />
      <span className={taken ? "line-through" : undefined}>{label}</span>
      {taken && <span className="text-xs">taken</span>}
    </label>
  );
}

function freeCount(day: CalendarDay): number {
  return day.times.filter((t) => !t.taken).length;
}

function dayNote(day: CalendarDay): string | null {
  if (day.state === "closed") return "Closed";
  if (day.state === "beyond") return "Not yet open for booking";
  if (day.times.length === 0) return "No times left";
  if (freeCount(day) === 0) return "Fully booked";
  return null;
}

/** With JavaScript: one week at a time. */
function WeekCalendar({ id, field, days, value, locale }: PickerProps & { id: string }) {
  const site = useSite();
  const timeZone = isTimeZone(site.settings.bookingTimeZone)
    ? site.settings.bookingTimeZone
    : "UTC";
  const [today] = useState(() => localDate(Date.now(), timeZone));
  const weeks = calendarWeeks(days, today, site.settings.bookingDaysAhead);
  const [selected, setSelected] = useState<string | undefined>(value);
  const selectedFree = days.some((d) => d.slots.some((s) => s.start === selected));
  const weekOfSelected = weeks.findIndex((w) =>
    w.some((d) => d.times.some((t) => t.start === selected)),
  );
  const firstFreeWeek = Math.max(
    0,
    weeks.findIndex((w) => w.some((d) => freeCount(d) > 0)),
  );
  const [weekIndex, setWeekIndex] = useState(weekOfSelected >= 0 ? weekOfSelected : firstFreeWeek);
  const index = Math.min(weekIndex, weeks.length - 1);
  const week = weeks[index]!;
  const firstFreeDay = (w: CalendarDay[]) => (w.find((d) => freeCount(d) > 0) ?? w[0]!).date;
  const [chosenDay, setChosenDay] = useState<string>(
    week.find((d) => d.times.some((t) => t.start === selected))?.date ?? firstFreeDay(week),
  );
  const dayShown = week.some((d) => d.date === chosenDay) ? chosenDay : firstFreeDay(week);

  function goToWeek(next: number) {
    setWeekIndex(next);
    setChosenDay(firstFreeDay(weeks[next]!));
  }

  const anyFree = days.some((d) => d.slots.length > 0);
  if (!anyFree) return <p className="mt-2 text-slate-700">{NO_TIMES}</p>;

  const first = week[0]!.date;
  const last = week[6]!.date;
  const weekWords = `${dayText(first, locale)} to ${dayText(last, locale)}`;
  const shortDay = { weekday: "short", day: "numeric", month: "short" } as const;
  const selectedInWeek = week.some((d) => d.times.some((t) => t.start === selected));
  const selectedDay = days.find((d) => d.slots.some((s) => s.start === selected));
  const selectedSlot = selectedDay?.slots.find((s) => s.start === selected);
  // The first free time shown carries the field's id, for the label and error focus.
  const idTarget =
    week.find((d) => d.date === dayShown && freeCount(d) > 0)?.times.find((t) => !t.taken)?.start ??
    week.flatMap((d) => d.times).find((t) => !t.taken)?.start;

  return (
    <div className="mt-2 space-y-3" data-slot="booking-calendar">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => goToWeek(index - 1)}
          disabled={index === 0}
          className="rounded-site border border-slate-400 px-3 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50"
        >
          <span aria-hidden="true">‹ </span>Previous<span className="max-sm:sr-only"> week</span>
        </button>
        <p
          className="order-first w-full text-center text-sm font-medium sm:order-none sm:w-auto"
          aria-live="polite"
        >
          <span className="sr-only">Showing </span>
          <span aria-hidden="true">
            {dayText(first, locale, shortDay)} – {dayText(last, locale, shortDay)}
          </span>
          <span className="sr-only">{weekWords}</span>
        </p>
        <button
          type="button"
          onClick={() => goToWeek(index + 1)}
          disabled={index >= weeks.length - 1}
          className="rounded-site border border-slate-400 px-3 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50"
        >
          Next<span className="max-sm:sr-only"> week</span>
          <span aria-hidden="true"> ›</span>
        </button>
      </div>

      {/* A phone shows one day at a time: the strip chooses it. */}
      <div className="grid grid-cols-7 gap-1 md:hidden" role="group" aria-label="Choose a day">
        {week.map((day) => {
          const free = freeCount(day);
          // Short words that fit the strip; the button's name is its visible text plus the month.
          const strip =
            free > 0
              ? `${free} free`
              : day.state === "closed"
                ? "Closed"
                : day.state === "beyond"
                  ? "Later"
                  : "Full";
          return (
            <button
              key={day.date}
              type="button"
              aria-pressed={day.date === dayShown}
              onClick={() => setChosenDay(day.date)}
              className={cn(
                "flex flex-col items-center rounded-site border px-0.5 py-1.5 text-xs",
                day.date === dayShown
                  ? "border-brand bg-brand text-brand-foreground"
                  : "border-slate-300 text-slate-800",
              )}
            >
              <span>{dayText(day.date, locale, { weekday: "short" })}</span>{" "}
              <span className="text-base font-semibold">
                {dayText(day.date, locale, { day: "numeric" })}
                <span className="sr-only"> {dayText(day.date, locale, { month: "long" })},</span>
              </span>{" "}
              <span>{strip}</span>
            </button>
          );
        })}
      </div>

      <div className="md:grid md:grid-cols-7 md:gap-1.5">
        {week.map((day) => {
          const name = dayText(day.date, locale);
          const note = dayNote(day);
          const headingId = `${id}-${day.date}`;
          return (
            <div
              key={day.date}
              role="group"
              aria-labelledby={headingId}
              data-date={day.date}
              className={cn(day.date === dayShown ? "block" : "hidden md:block", "min-w-0")}
            >
              <p id={headingId} className="mb-2 text-sm font-semibold md:text-center">
                <span aria-hidden="true" className="md:hidden">
                  {name}
                </span>
                <span aria-hidden="true" className="hidden md:inline">
                  {dayText(day.date, locale, { weekday: "short" })}
                  <br />
                  {dayText(day.date, locale, { day: "numeric", month: "short" })}
                </span>
                <span className="sr-only">{name}</span>
              </p>
              {note && <p className="text-sm text-slate-600 md:text-center">{note}</p>}
              {day.times.length > 0 && (
                <div className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-1 md:gap-1.5">
                  {day.times.map((t) => (
                    <TimeChoice
                      key={t.start}
                      id={t.start === idTarget ? id : undefined}
                      name={field.name}
                      start={t.start}
                      label={t.label}
                      dayName={name}
                      taken={t.taken}
                      checked={t.taken ? undefined : t.start === selected}
                      onChoose={setSelected}
                    />
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>

      {selected && selectedFree && !selectedInWeek && (
        <input type="hidden" name={field.name} value={selected} />
      )}
      <p className="text-sm text-slate-700" aria-live="polite">
        {selectedSlot && selectedDay
          ? `Your time: ${dayText(selectedDay.date, locale)} at ${selectedSlot.label}`
          : "No time chosen yet."}
      </p>
    </div>
  );
}
