/** The frame of a lead form page: heading, introduction, the form, and an aside. */
import type { ReactNode } from "react";
import { formatPrice, isPriceShown, NO_PRICE_TEXT } from "~/domain/vehicle-price";
import type { VehicleSummary } from "~/server/leads/form-context";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";

export function FormPage({
  title,
  intro,
  aside,
  children,
}: {
  title: string;
  intro?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const t = useTemplate();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className={cn("text-3xl md:text-4xl", t.heading)}>{title}</h1>
      {intro && <div className="mt-3 max-w-3xl text-lg text-slate-700">{intro}</div>}
      <div
        className={cn(
          "mt-8 grid gap-10",
          aside ? "lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]" : "max-w-3xl",
        )}
      >
        <div>{children}</div>
        {aside && <aside className="space-y-6">{aside}</aside>}
      </div>
    </div>
  );
}

/** The vehicle a form is about (prefilled vehicle fields travel as hidden inputs). */
export function VehicleSummaryCard({
  vehicle,
  heading = "Your vehicle of interest",
}: {
  vehicle: VehicleSummary;
  heading?: string;
}) {
  const site = useSite();
  return (
    <section
      aria-label={heading}
      className="flex gap-4 rounded-site border border-slate-200 bg-slate-50 p-4"
    >
      {vehicle.image && (
        <img
          src={vehicle.image}
          alt=""
          width={120}
          height={75}
          className="h-[75px] w-[120px] rounded-site object-cover"
        />
      )}
      <div>
        <p className="text-sm text-slate-600">{heading}</p>
        <p className="font-semibold">{vehicle.name}</p>
        <p className="text-sm text-slate-700">
          {isPriceShown(vehicle.price) ? formatPrice(vehicle.price, site.locale) : NO_PRICE_TEXT}
          {vehicle.stocknum ? ` · Stock ${vehicle.stocknum}` : ""}
        </p>
      </div>
    </section>
  );
}

export function InfoBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-site border border-slate-200 p-5">
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-2 space-y-2 text-slate-700">{children}</div>
    </section>
  );
}
