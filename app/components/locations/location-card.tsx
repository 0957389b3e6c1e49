import type { ReactNode } from "react";
import { cleanContactLinkName } from "~/domain/links";
import {
  locationBadge,
  dealerLicenceText,
  directionsUrl,
  LOCATION_CARD_IMAGE_HEIGHT_PX,
  LOCATION_CARD_TEXT,
  locationContactPath,
  locationPagePath,
  locationPrimaryAction,
  locationStockPath,
} from "~/domain/locations";
import {
  CARD_IMAGE_MAX_WIDTH,
  cardImageUrl,
  imageSrcSet as imageSrcSetFor,
} from "~/domain/image-url";
import { shouldShowReviews } from "~/domain/reviews";
import { ANALYTICS_EVENT_IDS } from "~/domain/analytics-events";
import type { LocationView } from "~/server/content/locations";
import { pushAnalyticsEvent } from "~/app/components/engagement/analytics";
import { StarRating } from "~/app/components/reviews/star-rating";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { EmailUs } from "./email-us";
import { HolidayHours } from "./holiday-hours";
import { OpeningHours } from "./opening-hours";

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/**
 * A location card (docs/product/vehicle-card-and-page.md, "Location cards and carousel"): image, name, badge, stars, address,
 * phones, opening hours, licence numbers and the actions. `variant` picks the actions: the
 * carousel's 'View Location' / 'View Our Stock', or the full set of a locations page.
 */
export function LocationCard({
  location,
  today,
  variant = "full",
  headingLevel = 3,
  className,
  aside,
}: {
  location: LocationView;
  /** YYYY-MM-DD, from the loader (so server and browser agree). */
  today: string;
  variant?: "carousel" | "full" | "large";
  headingLevel?: 2 | 3;
  className?: string;
  /** Shown beside the information on the large card (the map). */
  aside?: ReactNode;
}) {
  const site = useSite();
  const t = useTemplate();
  const { settings } = site;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const licence = dealerLicenceText(location.dealerLicenseNumber, settings);
  const showStars =
    location.averageRating !== null && shouldShowReviews(location.averageRating, settings);
  const primary = locationPrimaryAction(location, settings);
  const separate = location.serviceOpeningHours !== null && location.serviceOpeningHours.length > 0;
  const buttonClass = cn(
    "inline-flex items-center justify-center px-4 py-2 text-sm font-semibold",
    t.button,
  );
  const outlineClass = cn(
    "inline-flex items-center justify-center px-4 py-2 text-sm font-semibold",
    t.buttonOutline,
  );
  const badge = locationBadge(settings, new Date());
  const imageSrc = location.image ? cardImageUrl(location.image.url, 640, settings) : null;
  const imageSrcSet = location.image
    ? imageSrcSetFor(location.image.url, settings, CARD_IMAGE_MAX_WIDTH) || undefined
    : undefined;
  const track = (eventId: number) => () =>
    pushAnalyticsEvent(eventId, { location_id: location.id });

  const info = (
    <div className="flex flex-1 flex-col p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading className={cn("text-lg", t.heading)}>
          {variant === "large" ? (
            location.name
          ) : (
            <SiteLink href={locationPagePath(location.slug)} className="hover:underline">
              {location.name}
            </SiteLink>
          )}
        </Heading>
        {badge && (
          <span className="rounded-site bg-accent px-2 py-0.5 text-xs font-bold tracking-wide text-accent-foreground">
            {badge}
          </span>
        )}
      </div>
      {showStars && (
        <StarRating
          rating={location.averageRating ?? 0}
          reviewCount={location.reviewCount}
          className="mt-1"
        />
      )}
      <address className="mt-3 space-y-1 text-sm not-italic text-slate-800">
        <p>
          <SiteLink
            href={location.address.place_url ?? directionsUrl(location.address)}
            onClick={track(ANALYTICS_EVENT_IDS.mapClick)}
            className="underline-offset-2 hover:underline"
          >
            {location.address.full}
          </SiteLink>
        </p>
        {location.phone && (
          <p>
            <span className="text-slate-700">Phone: </span>
            <a
              href={telHref(location.phone)}
              onClick={track(ANALYTICS_EVENT_IDS.phoneClick)}
              className="font-semibold text-brand underline-offset-2 hover:underline"
            >
              {location.phone}
            </a>
          </p>
        )}
        {location.landline && (
          <p>
            <span className="text-slate-700">Landline: </span>
            <a
              href={telHref(location.landline)}
              onClick={track(ANALYTICS_EVENT_IDS.phoneClick)}
              className="font-semibold text-brand underline-offset-2 hover:underline"
            >
              {location.landline}
            </a>
          </p>
        )}
      </address>
      <div
        className={cn("mt-4 grid gap-3", separate && variant !== "carousel" && "sm:grid-cols-2")}
      >
        <OpeningHours
          entries={location.openingHours}
          title={separate ? "Sales hours" : "Opening hours"}
        />
        {separate && location.serviceOpeningHours && (
          <OpeningHours entries={location.serviceOpeningHours} title="Service hours" />
        )}
      </div>
      {variant !== "carousel" && (
        <HolidayHours
          locationId={location.id}
          locationName={location.name}
          entries={location.specialHours}
          today={today}
          locale={site.locale}
          className="mt-3 self-start"
        />
      )}
      {(licence || location.motorVehicleRepairer) && (
        <p className="mt-3 text-xs text-slate-700">
          {licence}
          {licence && location.motorVehicleRepairer && " · "}
          {location.motorVehicleRepairer && `MVR ${location.motorVehicleRepairer}`}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-5">
        {variant === "carousel" ? (
          <>
            <SiteLink href={locationPagePath(location.slug)} className={buttonClass}>
              {LOCATION_CARD_TEXT.viewLocation}
              <span className="sr-only">: {location.name}</span>
            </SiteLink>
            {settings.showViewOurStock && (
              <SiteLink href={locationStockPath(location.slug)} className={outlineClass}>
                {LOCATION_CARD_TEXT.viewOurStock}
                <span className="sr-only"> at {location.name}</span>
              </SiteLink>
            )}
          </>
        ) : (
          <>
            {primary === "book-service" ? (
              <SiteLink
                href={`/service?location=${encodeURIComponent(location.slug)}`}
                className={buttonClass}
              >
                {LOCATION_CARD_TEXT.bookService}
                <span className="sr-only"> at {location.name}</span>
              </SiteLink>
            ) : (
              <SiteLink href={locationContactPath(location.slug)} className={buttonClass}>
                {LOCATION_CARD_TEXT.contact}
                <span className="sr-only">: {cleanContactLinkName(location.name)}</span>
              </SiteLink>
            )}
            <EmailUs location={location} className={outlineClass} />
            <SiteLink
              href={directionsUrl(location.address)}
              onClick={track(ANALYTICS_EVENT_IDS.mapClick)}
              className={outlineClass}
            >
              {LOCATION_CARD_TEXT.getDirections}
              <span className="sr-only"> to {location.name}</span>
            </SiteLink>
            {variant === "full" && (
              <SiteLink href={locationPagePath(location.slug)} className={outlineClass}>
                {LOCATION_CARD_TEXT.viewLocationDetails}
                <span className="sr-only">: {location.name}</span>
              </SiteLink>
            )}
            {variant === "large" && settings.showViewOurStock && (
              <SiteLink href={locationStockPath(location.slug)} className={outlineClass}>
                {LOCATION_CARD_TEXT.viewOurStock}
              </SiteLink>
            )}
          </>
        )}
      </div>
    </div>
  );

  return (
    <article
      className={cn(
        "flex h-full flex-col overflow-hidden rounded-site border border-slate-200 bg-white text-slate-900 shadow-sm",
        variant === "large" && "lg:flex-row",
        className,
      )}
    >
      {variant === "large" ? (
        <>
          <div className="flex flex-1 flex-col">
            {imageSrc && (
              <img
                src={imageSrc}
                srcSet={imageSrcSet}
                sizes={imageSrcSet ? "(min-width: 1024px) 50vw, 100vw" : undefined}
                alt=""
                width={640}
                height={LOCATION_CARD_IMAGE_HEIGHT_PX}
                style={{ height: LOCATION_CARD_IMAGE_HEIGHT_PX }}
                className="w-full object-cover"
              />
            )}
            {info}
          </div>
          {aside && <div className="p-5 lg:w-1/2 lg:pl-0">{aside}</div>}
        </>
      ) : (
        <>
          {imageSrc && (
            <img
              src={imageSrc}
              srcSet={imageSrcSet}
              sizes={imageSrcSet ? "(min-width: 768px) 33vw, 100vw" : undefined}
              alt=""
              width={640}
              height={LOCATION_CARD_IMAGE_HEIGHT_PX}
              loading="lazy"
              decoding="async"
              style={{ height: LOCATION_CARD_IMAGE_HEIGHT_PX }}
              className="w-full object-cover"
            />
          )}
          {info}
        </>
      )}
    </article>
  );
}
