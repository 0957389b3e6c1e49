/**
 * Booking times as radio buttons, one group per day. Without JavaScript every day is a native
 * disclosure (<details>); the first day with times starts open.
 */
import { dateTimeFormat } from "~/domain/number-format";
import { isFieldRequired } from "~/domain/form-fields";
import type { SlotDay } from "~/domain/booking-slots";
import type { LeadFormField } from "~/domain/lead-forms";
import { FieldError, fieldId } from "./field-controls";

function dayLabel(date: string, locale: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return dateTimeFormat(locale, {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

export function TimeSlotPicker({
  formId,
  field,
  label,
  days,
  value,
  error,
  locale,
}: {
  formId: string;
  field: LeadFormField;
  label: string;
  days: readonly SlotDay[];
  value: string | undefined;
  error: string | undefined;
  locale: string;
}) {
  const id = fieldId(formId, field.name);
  const openDate = days.find((d) => d.slots.some((s) => s.start === value))?.date ?? days[0]?.date;
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
      {days.length === 0 ? (
        <p className="mt-2 text-slate-700">
          There are no free times in the next few days. Please call us to book.
        </p>
      ) : (
        <div className="mt-2 space-y-2">
          {days.map((day, dayIndex) => (
            <details
              key={day.date}
              open={day.date === openDate}
              className="rounded-site border border-slate-300"
            >
              <summary className="cursor-pointer px-3 py-2 font-medium">
                {dayLabel(day.date, locale)}{" "}
                <span className="text-sm font-normal text-slate-600">
                  ({day.slots.length} times)
                </span>
              </summary>
              <div className="flex flex-wrap gap-2 px-3 pt-1 pb-3">
                {day.slots.map((slot, slotIndex) => (
                  <label
                    key={slot.start}
                    className="inline-flex cursor-pointer items-center gap-1.5 rounded-site border border-slate-300 px-2.5 py-1.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-brand-foreground"
                  >
                    <input
                      id={dayIndex === 0 && slotIndex === 0 ? id : undefined}
                      type="radio"
                      name={field.name}
                      value={slot.start}
                      defaultChecked={slot.start === value}
                      aria-label={`${dayLabel(day.date, locale)} ${slot.label}`}
                      className="accent-[var(--brand)]"
                    />
                    {slot.label}
                  </label>
                ))}
              </div>
            </details>
          ))}
        </div>
      )}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
