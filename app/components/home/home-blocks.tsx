/**
 * The home page's blocks (docs/product/vehicle-card-and-page.md, "Other blocks"), each a section
 * with its own heading. Which blocks show, and in what order, is the site's `homeBlocks` setting.
 */
import type { CSSProperties, ReactNode } from "react";
import { FINANCE_APPLY_BUTTON, FINANCE_STEPS } from "~/domain/finance-calculator";
import { localiseText } from "~/domain/locale";
import {
  LATEST_OFFERS_LINK_TEXT,
  PAYMENT_METHODS,
  PAYMENTS_HEADING,
  VALUE_PROPOSITIONS,
} from "~/domain/ui-constants";
import type { LIFESTYLE_TILES } from "~/domain/site-constants";
import type { StockSummary } from "~/server/content/stock-summary";
import type { OfferCardView } from "~/server/content/offers";
import { Icon } from "~/app/components/content/icons";
import type { IconName } from "~/app/components/content/icons";
import { ScrollCarousel } from "~/app/components/content/scroll-carousel";
import { OfferCard } from "~/app/components/offers/offer-card";
import { MakeMark } from "~/app/components/search/make-mark";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { formatNumber } from "~/domain/number-format";
import type { CardVehicle } from "~/app/components/vehicle-card/card-vehicle";
import { imageSrcSet, imageUrl } from "~/domain/image-url";
import { VehicleCard } from "~/app/components/vehicle-card/vehicle-card";

function Section({
  id,
  title,
  intro,
  children,
  tone = "plain",
  action,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  tone?: "plain" | "muted" | "brand";
  action?: ReactNode;
}) {
  const t = useTemplate();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(
        tone === "muted" && "bg-slate-50",
        tone === "brand" && "bg-brand text-brand-foreground",
      )}
    >
      <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2
              id={`${id}-title`}
              className={cn("text-2xl md:text-3xl", tone === "brand" ? "font-bold" : t.heading)}
            >
              {title}
            </h2>
            {intro && (
              <p
                className={cn(
                  "mt-2 max-w-2xl text-lg",
                  tone === "brand" ? "opacity-95" : "text-slate-700",
                )}
              >
                {intro}
              </p>
            )}
          </div>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}

export function HeroBlock({
  vehicleCount,
  image,
}: {
  vehicleCount: number | null;
  /** A picture from the stock (the first featured vehicle's photo), beside the text. */
  image?: string | null;
}) {
  const site = useSite();
  const t = useTemplate();
  // The site's promotion banner height (e.g. 531 px) from md up; its content centred in it.
  const height = site.settings.promotionSliderHeight;
  return (
    <section
      className={cn(
        "bg-brand text-brand-foreground",
        height !== null && "md:h-[var(--promotion-slider-height)] md:overflow-hidden",
      )}
      style={
        height !== null
          ? ({ "--promotion-slider-height": `${height}px` } as CSSProperties)
          : undefined
      }
      aria-labelledby="hero-title"
      data-testid="home-hero"
    >
      <div
        className={cn(
          "mx-auto max-w-7xl px-4 py-14 md:py-20",
          image && "md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:items-center md:gap-10",
          height !== null && "md:grid md:h-full md:grid-rows-[minmax(0,1fr)] md:py-10",
        )}
      >
        {/* As tall as the picture beside it (same width, same 8:5): when the document arrives in
            parts and the text is shown before the picture, the text does not move down after. */}
        <div
          className={cn(
            image && "md:flex md:flex-col md:justify-center",
            image && height === null && "md:aspect-[8/5]",
            height !== null && "md:self-center",
          )}
        >
          <h1 id="hero-title" className="max-w-3xl text-4xl font-bold md:text-5xl">
            {site.name}
          </h1>
          <p className="mt-4 max-w-2xl text-lg opacity-95">
            {vehicleCount !== null && vehicleCount > 0
              ? `${formatNumber(vehicleCount, site.locale)} vehicles in stock. `
              : ""}
            Reserve online, value your trade-in and apply for finance in minutes.
          </p>
          <form
            action={site.settings.defaultSearchPath}
            method="get"
            role="search"
            className="mt-8 flex max-w-xl gap-2"
          >
            <label htmlFor="home-search" className="sr-only">
              Search our stock
            </label>
            <input
              id="home-search"
              name="query"
              type="search"
              placeholder="Keyword search eg. EV, SUV, Toyota"
              className="min-w-0 flex-1 rounded-site border-0 bg-white px-4 py-3 text-slate-900 placeholder:text-slate-600"
            />
            <button
              type="submit"
              className={cn(
                "px-5 py-3 font-semibold",
                site.template === "bold"
                  ? t.button
                  : "rounded-site bg-accent text-accent-foreground",
              )}
            >
              Search
            </button>
          </form>
        </div>
        {image && (
          // Decorative: the text beside it says what the page offers.
          <img
            src={imageUrl(image, 1280, site.settings)}
            srcSet={imageSrcSet(image, site.settings, 1920) || undefined}
            sizes="(min-width: 768px) 50vw, 100vw"
            alt=""
            width={1024}
            height={640}
            fetchPriority="high"
            className={cn(
              "mt-10 aspect-[8/5] w-full rounded-site object-cover shadow-xl md:mt-0",
              height !== null && "md:h-full md:max-h-full md:aspect-auto",
            )}
          />
        )}
      </div>
    </section>
  );
}

export function OurRangeBlock({ stock }: { stock: StockSummary }) {
  const site = useSite();
  const t = useTemplate();
  if (stock.makes.length === 0) return null;
  return (
    <Section
      id="our-range"
      title="Our Range"
      intro="Browse our stock by make and model."
      action={
        <SiteLink
          href={site.settings.defaultSearchPath}
          className={cn("px-4 py-2 text-sm font-semibold", t.buttonOutline)}
        >
          View all stock
        </SiteLink>
      }
    >
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {stock.makes.map((make) => (
          <li key={make.make} className="rounded-site border border-slate-200 bg-white p-5">
            <h3 className="text-lg font-semibold">
              <SiteLink
                href={make.href}
                className="flex flex-col items-start gap-2 hover:text-brand hover:underline"
              >
                <MakeMark make={make.make} label={make.displayName} alignStart />
              </SiteLink>
            </h3>
            <p className="text-sm text-slate-700">
              {formatNumber(make.count, site.locale)} in stock
            </p>
            {make.models.length > 0 && (
              <ul className="mt-3 space-y-1 text-sm" aria-label={`${make.displayName} models`}>
                {make.models.map((model) => (
                  <li key={model.name}>
                    <SiteLink
                      href={model.href}
                      className="flex justify-between gap-2 text-brand underline-offset-2 hover:underline"
                    >
                      <span>{model.name}</span>
                      <span className="text-slate-700">{model.count}</span>
                    </SiteLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

const VALUE_PROPOSITION_DETAILS: Record<
  (typeof VALUE_PROPOSITIONS)[number],
  { text: string; icon: IconName; href: (search: string) => string; cta: string }
> = {
  "Reserve Quickly Online": {
    text: "Found the one? Hold it with a small deposit in a couple of minutes.",
    icon: "calendar",
    href: (search) => search,
    cta: "Browse stock",
  },
  "Secure Online Payments": {
    text: "Pay deposits and invoices securely by card, Google Pay or Apple Pay.",
    icon: "lock",
    href: () => "/online-payment",
    cta: "Pay online",
  },
  "Apply For Finance": {
    text: "A personalised rate in minutes, with no impact on your credit score.",
    icon: "dollar",
    href: () => "/finance",
    cta: "Apply now",
  },
};

export function ValuePropositionBlock() {
  const site = useSite();
  const t = useTemplate();
  return (
    <div className="border-y border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-8">
        <ScrollCarousel
          label="Why buy with us"
          autoplayMs={site.settings.valuePropositionAutoplayMs}
          slideClassName="basis-full md:basis-[calc((100%-2rem)/3)]"
          controlsClassName="md:hidden"
          slides={VALUE_PROPOSITIONS.map((title) => {
            const detail = VALUE_PROPOSITION_DETAILS[title];
            return {
              key: title,
              content: (
                <div className="flex h-full gap-4 rounded-site bg-slate-50 p-5">
                  <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand text-brand-foreground">
                    <Icon name={detail.icon} />
                  </span>
                  <div>
                    <h2 className={cn("text-lg", t.heading)}>{title}</h2>
                    <p className="mt-1 text-sm text-slate-700">
                      {localiseText(detail.text, site.locale)}
                    </p>
                    <SiteLink
                      href={detail.href(site.settings.defaultSearchPath)}
                      className="mt-2 inline-block text-sm font-semibold text-brand underline underline-offset-2"
                    >
                      {detail.cta}
                      <span className="sr-only">: {title}</span>
                    </SiteLink>
                  </div>
                </div>
              ),
            };
          })}
        />
      </div>
    </div>
  );
}

function CallToActionBlock({
  id,
  title,
  intro,
  icon,
  links,
  tone = "plain",
  children,
}: {
  id: string;
  title: string;
  intro: string;
  icon: IconName;
  links: Array<{ label: string; href: string; primary?: boolean }>;
  tone?: "plain" | "muted" | "brand";
  children?: ReactNode;
}) {
  const t = useTemplate();
  const { locale } = useSite();
  intro = localiseText(intro, locale);
  const onBrand = tone === "brand";
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cn(tone === "muted" && "bg-slate-50", onBrand && "bg-brand text-brand-foreground")}
    >
      <div className="mx-auto max-w-7xl px-4 py-10 md:py-12">
        <div className="flex flex-col gap-6 md:flex-row md:items-center">
          <span
            className={cn(
              "inline-flex size-16 shrink-0 items-center justify-center rounded-full",
              onBrand ? "bg-white/15" : "bg-brand text-brand-foreground",
            )}
          >
            <Icon name={icon} className="size-8" />
          </span>
          <div className="flex-1">
            <h2
              id={`${id}-title`}
              className={cn("text-2xl md:text-3xl", onBrand ? "font-bold" : t.heading)}
            >
              {title}
            </h2>
            <p className={cn("mt-2 max-w-2xl text-lg", onBrand ? "opacity-95" : "text-slate-700")}>
              {intro}
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            {links.map((link) => (
              <SiteLink
                key={link.href}
                href={link.href}
                className={cn(
                  "inline-flex items-center justify-center px-5 py-3 font-semibold",
                  link.primary
                    ? onBrand
                      ? "rounded-site bg-white text-slate-900 hover:bg-slate-100"
                      : t.button
                    : onBrand
                      ? "rounded-site border-2 border-current hover:bg-white/10"
                      : t.buttonOutline,
                )}
              >
                {link.label}
              </SiteLink>
            ))}
          </div>
        </div>
        {children && <div className="mt-8">{children}</div>}
      </div>
    </section>
  );
}

/**
 * A row of vehicle cards from the stock (the dealer's featured pick, or the latest arrivals) with
 * a link to the rest: four across on a laptop, two on a tablet, one on a phone.
 */
export function VehicleRowBlock({
  id,
  title,
  vehicles,
  allHref,
  allLabel,
  tone = "plain",
}: {
  id: string;
  title: string;
  vehicles: CardVehicle[];
  allHref: string;
  allLabel: string;
  tone?: "plain" | "muted";
}) {
  const t = useTemplate();
  if (vehicles.length === 0) return null;
  return (
    <Section
      id={id}
      title={title}
      tone={tone}
      action={
        <SiteLink
          href={allHref}
          className={cn("inline-flex min-h-11 items-center px-4 font-semibold", t.buttonOutline)}
        >
          {allLabel}
        </SiteLink>
      }
    >
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {vehicles.map((vehicle) => (
          <li key={vehicle.id}>
            <VehicleCard vehicle={vehicle} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function BookServiceBlock() {
  return (
    <CallToActionBlock
      id="book-service"
      title="Book Your Service"
      intro="Qualified technicians, genuine parts and a time that suits you. Book online in a minute."
      icon="wrench"
      tone="muted"
      links={[
        { label: "Book a Service", href: "/service", primary: true },
        { label: "Why service with us", href: "/why-service-with-us" },
      ]}
    />
  );
}

export function VehicleValuationBlock() {
  return (
    <CallToActionBlock
      id="vehicle-valuation"
      title="Vehicle Valuation"
      intro="Find out what your car is worth today: a free, no-obligation valuation you can use to sell or trade in."
      icon="tag"
      links={[
        { label: "Value My Car", href: "/sell-my-car", primary: true },
        { label: "Trade-In Valuation", href: "/trade-in" },
      ]}
    />
  );
}

export function FinanceSolutionsBlock() {
  const { locale } = useSite();
  return (
    <CallToActionBlock
      id="finance-solutions"
      title="Finance Solutions"
      intro="Get a personalised finance rate in minutes. Applying has no impact on your credit score."
      icon="dollar"
      tone="brand"
      links={[{ label: FINANCE_APPLY_BUTTON, href: "/finance", primary: true }]}
    >
      <ol className="grid gap-3 sm:grid-cols-3">
        {FINANCE_STEPS.map((step) => {
          const [, number, text] = /^(Step \d+) (.*)$/.exec(step) ?? [step, "", step];
          return (
            <li key={step} className="rounded-site bg-white/10 p-4">
              <span className="block text-sm font-bold tracking-wide uppercase opacity-90">
                {number}
              </span>
              <span className="mt-1 block font-semibold">{localiseText(text, locale)}</span>
            </li>
          );
        })}
      </ol>
    </CallToActionBlock>
  );
}

const BUY_ONLINE_ITEMS: Array<{ title: string; text: string; icon: IconName }> = [
  {
    title: "Reserve quickly online",
    text: "Hold your next vehicle with a deposit in minutes.",
    icon: "calendar",
  },
  {
    title: "Free trade-in valuation",
    text: "An instant, independent price for your current car.",
    icon: "tag",
  },
  {
    title: "Secure online payments",
    text: "Card, Google Pay and Apple Pay, processed securely.",
    icon: "lock",
  },
  {
    title: "Customer service",
    text: "Real people to help you at every step, by phone or chat.",
    icon: "headset",
  },
];

export function BuyOnlineBlock() {
  const site = useSite();
  const t = useTemplate();
  return (
    <Section
      id="buy-online"
      title="Buy Online"
      intro="Everything you need to buy your next vehicle from home."
      action={
        <SiteLink
          href="/buying-online"
          className={cn("px-4 py-2 text-sm font-semibold", t.buttonOutline)}
        >
          How buying online works
        </SiteLink>
      }
    >
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {BUY_ONLINE_ITEMS.map((item) => (
          <li key={item.title} className="rounded-site border border-slate-200 p-5">
            <Icon name={item.icon} className="size-8 text-brand" />
            <h3 className="mt-3 font-semibold">{item.title}</h3>
            <p className="mt-1 text-sm text-slate-700">{localiseText(item.text, site.locale)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const TILE_DETAILS: Record<
  (typeof LIFESTYLE_TILES)[number],
  { href: string | null; text: string; icon: IconName }
> = {
  "Car Care": {
    href: "/vehicle-parts-and-accessories",
    text: "Genuine parts, accessories and protection.",
    icon: "sparkle",
  },
  Finance: { href: "/finance", text: "Rates and repayments that suit you.", icon: "dollar" },
  "Offers & Promotions": {
    href: "/special-offers",
    text: "The latest deals on new and used vehicles.",
    icon: "tag",
  },
  Fleet: { href: "/fleet", text: "Vehicles and servicing for your business.", icon: "truck" },
  "Contact Us": { href: "/contact", text: "Call in, call us or send a message.", icon: "phone" },
  // The careers site is the dealer's own (settings.careersUrl).
  "Join Our Team": { href: null, text: "Careers in sales, service and parts.", icon: "briefcase" },
};

export function LifestyleTilesBlock() {
  const site = useSite();
  const tiles = site.settings.lifestyleTiles
    .map((name) => {
      const detail = TILE_DETAILS[name];
      const href = name === "Join Our Team" ? site.settings.careersUrl : detail.href;
      return href ? { name, icon: detail.icon, text: detail.text, href } : null;
    })
    .filter((tile) => tile !== null);
  if (tiles.length === 0) return null;
  return (
    <Section id="lifestyle" title="More from us" tone="muted">
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.name}>
            <SiteLink
              href={tile.href}
              className="group flex h-full items-start gap-4 rounded-site border border-slate-200 bg-white p-5 hover:border-brand"
            >
              <Icon name={tile.icon} className="size-8 shrink-0 text-brand" />
              <span>
                <span className="block text-lg font-semibold group-hover:underline">
                  {tile.name}
                </span>
                <span className="mt-1 block text-sm text-slate-700">{tile.text}</span>
              </span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function SpecialsBlock({ offers }: { offers: OfferCardView[] }) {
  const t = useTemplate();
  if (offers.length === 0) return null;
  return (
    <Section
      id="specials"
      title="Specials"
      intro="Limited-time offers from our dealerships."
      action={
        <SiteLink
          href="/special-offers"
          className={cn("px-4 py-2 text-sm font-bold tracking-wide", t.button)}
        >
          {LATEST_OFFERS_LINK_TEXT}
        </SiteLink>
      }
    >
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {offers.map((offer) => (
          <li key={offer.slug}>
            <OfferCard offer={offer} headingLevel={3} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

const PAYMENT_BADGES: Record<
  (typeof PAYMENT_METHODS)[number],
  { className: string; mark: ReactNode }
> = {
  Mastercard: {
    className: "bg-white",
    mark: (
      <svg viewBox="0 0 40 24" className="h-6 w-10" aria-hidden="true" focusable="false">
        <circle cx="15" cy="12" r="9" fill="#eb001b" />
        <circle cx="25" cy="12" r="9" fill="#f79e1b" fillOpacity="0.9" />
      </svg>
    ),
  },
  Visa: {
    className: "bg-white",
    mark: <span className="text-lg font-black tracking-tight text-[#1a1f71] italic">VISA</span>,
  },
  Maestro: {
    className: "bg-white",
    mark: (
      <svg viewBox="0 0 40 24" className="h-6 w-10" aria-hidden="true" focusable="false">
        <circle cx="15" cy="12" r="9" fill="#0099df" />
        <circle cx="25" cy="12" r="9" fill="#eb001b" fillOpacity="0.9" />
      </svg>
    ),
  },
  "Google Pay": {
    className: "bg-white",
    mark: <span className="font-semibold text-slate-800">G Pay</span>,
  },
  "Apple Pay": {
    className: "bg-slate-950",
    mark: <span className="font-semibold text-white">Apple Pay</span>,
  },
};

export function PaymentsStrip({ className }: { className?: string }) {
  return (
    <section
      aria-labelledby="payments-title"
      className={cn("border-t border-slate-200 bg-white", className)}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-6">
        <h2 id="payments-title" className="font-semibold text-slate-900">
          {PAYMENTS_HEADING}
        </h2>
        <ul className="flex flex-wrap items-center gap-3">
          {PAYMENT_METHODS.map((method) => (
            <li
              key={method}
              className={cn(
                "inline-flex h-10 min-w-16 items-center justify-center rounded-md border border-slate-300 px-3",
                PAYMENT_BADGES[method].className,
              )}
            >
              <span className="sr-only">{method}</span>
              <span aria-hidden="true" className="inline-flex items-center">
                {PAYMENT_BADGES[method].mark}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
