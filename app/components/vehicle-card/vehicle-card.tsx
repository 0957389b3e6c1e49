import { SaveButton } from "~/app/components/garage/save-button";
import { useId, useState } from "react";
import {
  CARD_IMAGE_MAX_WIDTH,
  CARD_IMAGE_WIDTHS,
  cardImageUrl,
  imageSrcSet,
} from "~/domain/image-url";
import { formatOdometer, localiseText, term } from "~/domain/locale";
import { madeOncePer } from "~/domain/made-once";
import { makeDisplayName } from "~/domain/manufacturers";
import { siteSearchBasePath } from "~/domain/search-scope";
import type { Vehicle } from "~/domain/vehicle";
import type { CardVehicle } from "./card-vehicle";
import { vehicleCardActions, type VehicleAction } from "~/domain/vehicle-actions";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import { findSimilarSearchPath } from "~/domain/vehicle-page";
import { formatAmount, formatPrice, isBelowMarket, priceDisplay } from "~/domain/vehicle-price";
import { carTypeLabel, vehicleTags, type VehicleTag } from "~/domain/vehicle-tags";
import { cn } from "~/app/lib/cn";
import { useSite, type Site } from "~/app/lib/site";
import { APP_LINKS } from "~/app/components/site/app-links";
import { memoFormat } from "./format-cache";
import { CertifiedBadge, ListedSaveButton, useCardList } from "./card-list";
import { PopoverDialog } from "./popover-dialog";
import { PhoneReveal } from "~/app/components/phone-reveal";
import { requestChatOpen } from "~/app/components/engagement/chat-bubble";

/** Rendered width of a card image in the grid, for the browser's srcset choice. */
const CARD_IMAGE_SIZES = "(min-width:1200px) 360px,(min-width:768px) 45vw,100vw";
const CARD_IMAGE_WIDTH = 640;
const CARD_IMAGE_HEIGHT = 480;

const TAG_STYLES: Record<VehicleTag["kind"], string> = {
  reserved: "bg-amber-300 text-slate-950",
  "coming-soon": "bg-sky-800 text-white",
  "just-arrived": "bg-emerald-800 text-white",
  "just-sold": "bg-slate-900 text-white",
  electric: "bg-green-800 text-white",
  hybrid: "bg-teal-800 text-white",
  phev: "bg-cyan-900 text-white",
  custom: "bg-accent text-accent-foreground",
  certified: "bg-white text-slate-900",
};

function vehicleTitle(vehicle: Pick<Vehicle, "year" | "make" | "model">): string {
  return `${vehicle.year} ${makeDisplayName(vehicle.make)} ${vehicle.model}`;
}

/**
 * A card's actions depend on the card and the site alone, and both objects stay the same while
 * neither changes (`unpackCard`, `clientSite`): made once per pair, not on every render.
 */
const cardActionsOf = madeOncePer((site: Site) =>
  madeOncePer((vehicle: CardVehicle) =>
    vehicleCardActions(vehicle, {
      settings: site.settings,
      locale: site.locale,
      phone: vehicle.location_phone ?? site.contactDetails.phone,
      similarSearchHref: findSimilarSearchPath(vehicle, siteSearchBasePath(site.settings)),
    }),
  ),
);

/**
 * A vehicle in a listing (docs/product/vehicle-card-and-page.md, "Vehicle card"), shared by search
 * results, the vehicle page's similar vehicles and the home page. Server-rendered and usable
 * without JavaScript: every action is a plain link, the phone number reveals with <details>, and
 * the certified dialog is a native popover. The card (or its CardList) carries APP_LINKS, so with JavaScript its
 * own-path links navigate in the app (AppLinkNavigation in the root layout).
 *
 * `priority` marks a card above the fold: its image loads eagerly with high priority (the
 * page's largest paint); all others load lazily.
 */
export function VehicleCard({
  vehicle,
  priority = false,
  headingLevel = 3,
  className,
}: {
  vehicle: CardVehicle;
  priority?: boolean;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const site = useSite();
  const { settings, locale } = site;
  const Heading = `h${headingLevel}` as const;
  const href = vehiclePagePath(vehicle.slug, settings);
  const title = vehicleTitle(vehicle);
  const subtitle = [vehicle.badge, vehicle.series].filter(Boolean).join(" ");
  // The clock of this render (Just Arrived); kept across re-renders of the card.
  const [nowMs] = useState(Date.now);
  const tags = vehicleTags(vehicle, settings, nowMs);
  const price = memoFormat(
    `price:${locale}:${vehicle.price}:${vehicle.preorder}:${vehicle.tag ?? ""}`,
    () => priceDisplay(vehicle, locale),
  );
  const money = (amount: number) =>
    memoFormat(`money:${locale}:${amount}`, () => formatPrice(amount, locale));
  const belowMarket = isBelowMarket(vehicle, settings);
  const wasPrice =
    price.kind === "price" && vehicle.before_price !== null && vehicle.before_price > vehicle.price
      ? money(vehicle.before_price)
      : null;
  const subscription =
    settings.offersSubscription &&
    vehicle.subscription_price !== null &&
    vehicle.subscription_price > 0
      ? memoFormat(`amount:${locale}:${vehicle.subscription_price}`, () =>
          formatAmount(vehicle.subscription_price!, locale),
        )
      : null;
  const fuel = vehicle.simple_fuel ?? vehicle.fuel;
  const transmission = vehicle.simple_transmission ?? vehicle.transmission;
  const actions = cardActionsOf(site)(vehicle);
  const image = vehicle.primary_image_url;
  // The title names the card's actions (their descriptions): no action repeats the vehicle's name.
  // In a list of distinct vehicles, its id is made from the vehicle's (shorter than useId's).
  const list = useCardList();
  const ownId = useId();
  const titleId = list ? list.idOf(vehicle.id, "") : ownId;
  const specs: { label: string; value: string }[] = [
    { label: "Condition", value: carTypeLabel(vehicle.car_type, settings) },
    ...(transmission ? [{ label: "Transmission", value: transmission }] : []),
    {
      label: term(locale, "odometer"),
      value: memoFormat(`km:${locale}:${vehicle.km}`, () => formatOdometer(vehicle.km, locale)),
    },
    ...(fuel ? [{ label: "Fuel type", value: localiseText(fuel, locale) }] : []),
  ];

  return (
    <article className={cn("vehicle-card", className)} {...(list ? {} : APP_LINKS)}>
      <div className="relative">
        <div className="card-photo">
          {image ? (
            <img
              src={cardImageUrl(image, CARD_IMAGE_WIDTH, settings)}
              srcSet={
                imageSrcSet(image, settings, CARD_IMAGE_MAX_WIDTH, CARD_IMAGE_WIDTHS) || undefined
              }
              sizes={CARD_IMAGE_SIZES}
              width={CARD_IMAGE_WIDTH}
              height={CARD_IMAGE_HEIGHT}
              alt=""
              loading={priority ? "eager" : "lazy"}
              fetchPriority={priority ? "high" : undefined}
              decoding={priority ? "sync" : undefined}
              className="card-img"
            />
          ) : (
            <div className="absolute inset-0 flex items-center justify-center text-sm text-slate-600">
              No photo yet
            </div>
          )}
          {tags.length > 0 && (
            <ul className="card-tags" aria-label="Tags">
              {tags.map((tag) =>
                tag.kind === "certified" ? (
                  <li key={tag.kind}>
                    <CertifiedBadge list={list} />
                  </li>
                ) : (
                  <li
                    key={`${tag.kind}:${tag.label}`}
                    className={`card-tag ${TAG_STYLES[tag.kind]}`}
                  >
                    {tag.label}
                  </li>
                ),
              )}
            </ul>
          )}
          {list ? (
            <ListedSaveButton vehicle={vehicle} title={title} list={list} />
          ) : (
            <SaveButton vehicle={vehicle} title={title} className="card-save" />
          )}
        </div>
        <div className="card-head">
          <Heading className="card-title t-heading" id={titleId}>
            {/* The title link covers the photo too: one link per vehicle for keyboards and readers. */}
            <a href={href} className="card-link">
              {title}
            </a>
          </Heading>
          {subtitle && <p className="card-note">{subtitle}</p>}
        </div>
      </div>

      <div className="card-body">
        <div className="card-price">
          <p className={price.kind === "price" ? "price" : "price-text"}>{price.text}</p>
          {price.kind === "price" && vehicle.price_type && (
            <p className="card-note">{localiseText(vehicle.price_type, locale)}</p>
          )}
        </div>
        {wasPrice && (
          <p className="card-note">
            Was <s>{wasPrice}</s>
          </p>
        )}
        {belowMarket && <p className="card-below-market">Below market price</p>}
        {subscription && (
          <p className="mt-1 text-sm text-slate-800">
            Subscribe from <strong>{subscription}</strong> per week
          </p>
        )}

        {/* The values name themselves (Used, Automatic, 41,417 km, Diesel): no labels to read out. */}
        <ul className="card-specs" aria-label="Specifications">
          {specs.map((spec) => (
            <li key={spec.label}>{spec.value}</li>
          ))}
        </ul>

        <CardActions actions={actions} vehicle={vehicle} site={site} titleId={titleId} />
      </div>
    </article>
  );
}

function CardActions({
  actions,
  vehicle,
  site,
  titleId,
}: {
  actions: VehicleAction[];
  vehicle: CardVehicle;
  site: Site;
  /** The card's heading: every action's description, so 21 'Enquire Now' links say which car. */
  titleId: string;
}) {
  // The menu's and its button's ids follow the title's ('v305m', 'v305b' in a list of cards).
  const menuId = `${titleId}m`;
  const moreId = `${titleId}b`;
  const [first, ...rest] = actions;
  if (!first) return null;
  const name = vehicleTitle(vehicle);
  // In the overflow menu, the dialog's name says which car: its actions need no description.
  const render = (action: VehicleAction, primary: boolean, inMenu = false) => {
    // The look is the `card-action` component class (app/app.css): outlined unless it is the
    // template's primary button. 21 cards x 5 actions.
    // In the menu, `.card-actions-menu` (app/app.css) styles its links and buttons.
    const className = primary ? "card-action btn" : inMenu ? undefined : "card-action";
    const describedBy = inMenu ? undefined : titleId;
    switch (action.type) {
      case "link":
        // Plain links: the forms they open work without any script on this page. The name is
        // the visible text; only a deposit line or a new tab needs saying in words of its own.
        return (
          <a
            href={action.href}
            className={className}
            aria-describedby={describedBy}
            aria-label={
              action.detail || action.external
                ? `${action.label}${action.detail ? `, ${action.detail}` : ""}${action.external ? " (opens in a new tab)" : ""}`
                : undefined
            }
            {...(action.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            {action.label}
            {action.detail && <small>{action.detail}</small>}
          </a>
        );
      case "call":
        return (
          <PhoneReveal
            phone={action.phone}
            label={action.label}
            vehicle={vehicle}
            startsRevealed={site.settings.phoneStartsRevealed}
            className={className}
            quietHint
          />
        );
      case "chat":
        return (
          <button
            type="button"
            className={className}
            aria-describedby={describedBy}
            onClick={() => requestChatOpen()}
          >
            {action.label}
          </button>
        );
    }
  };
  // One primary action, at most two secondary ones in view, the rest (in the site's order) in
  // the overflow menu.
  const secondary = rest.slice(0, CARD_SECONDARY_ACTIONS);
  const overflow = rest.slice(CARD_SECONDARY_ACTIONS);
  return (
    <div className="card-foot">
      <ul className="card-actions" aria-label={`Actions for ${name}`}>
        <li>{render(first, true)}</li>
        {overflow.length > 0 && (
          <li>
            <button
              type="button"
              id={moreId}
              popoverTarget={menuId}
              aria-haspopup="true"
              aria-label={`More actions: ${name}`}
              className="card-actions-more-button"
            >
              ⋯
            </button>
          </li>
        )}
        {secondary.map((action) => (
          <li
            key={action.kind}
            className={secondary.length === 1 ? "card-actions-wide" : undefined}
          >
            {render(action, false)}
          </li>
        ))}
      </ul>
      {overflow.length > 0 && (
        // Named by the button that opens it ('More actions: 2025 Ford Ranger').
        <PopoverDialog
          id={menuId}
          title={name}
          labelledBy={moreId}
          className="card-actions-menu"
          closeClassName="card-actions-close"
        >
          {overflow.map((action) => (
            <li key={action.kind}>{render(action, false, true)}</li>
          ))}
        </PopoverDialog>
      )}
    </div>
  );
}

/** Secondary actions a card shows beside its primary one; the rest go in its overflow menu. */
const CARD_SECONDARY_ACTIONS = 2;
