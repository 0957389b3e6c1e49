import type { Route } from "./+types/home";
import type { HomeBlock } from "~/domain/site-settings";
import { loadHome } from "~/server/content/home";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { dealerGroupJsonLd, withStructuredData } from "~/app/components/content/structured-data";
import { PromoPopup } from "~/app/components/engagement/promo-popup";
import {
  BookServiceBlock,
  BuyOnlineBlock,
  FinanceSolutionsBlock,
  HeroBlock,
  LifestyleTilesBlock,
  OurRangeBlock,
  PaymentsStrip,
  SpecialsBlock,
  ValuePropositionBlock,
  VehicleRowBlock,
  VehicleValuationBlock,
} from "~/app/components/home/home-blocks";
import { LocationsCarousel } from "~/app/components/locations/locations-carousel";
import { ReviewsList } from "~/app/components/reviews/reviews-list";
import { cardOf } from "~/app/components/vehicle-card/card-vehicle";
import { useSite } from "~/app/lib/site";

export async function loader({ context }: Route.LoaderArgs) {
  const { site } = context;
  const home = await loadHome(context);
  const place = site.city ? ` in ${site.city}` : "";
  return {
    ...home,
    // Card-shaped: the page sends for hydration only what the cards read.
    featured: home.featured.map(cardOf),
    justArrived: home.justArrived.map(cardOf),
    seo: {
      ...seoFor(
        context.origin,
        "/",
        `${site.name} | New and used vehicles${place}`,
        `Search ${home.stock ? `${home.stock.total} vehicles` : "vehicles"} in stock at ${site.name}${place}, book a service, value your car and apply for finance online.`,
      ),
      fullTitle: true,
    },
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  // The dealer as an organisation, for search engines' knowledge panels.
  return withStructuredData(seoMeta(data?.seo, matches), matches, ({ site, origin }) =>
    data ? dealerGroupJsonLd(site, data.locations, origin) : null,
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const data = loaderData;
  const hasHero = data.blocks.includes("hero");

  const render = (block: HomeBlock) => {
    switch (block) {
      case "hero":
        return (
          <HeroBlock
            vehicleCount={data.stock?.total ?? null}
            image={data.featured[0]?.primary_image_url ?? null}
          />
        );
      case "featured-vehicles":
        return (
          <VehicleRowBlock
            id="featured-vehicles"
            title="Featured vehicles"
            vehicles={data.featured}
            allHref={site.settings.defaultSearchPath}
            allLabel="View all stock"
          />
        );
      case "just-arrived":
        return (
          <VehicleRowBlock
            id="just-arrived"
            title="Just arrived"
            tone="muted"
            vehicles={data.justArrived}
            allHref={`${site.settings.defaultSearchPath}?sortBy=created_at_timestamp:desc`}
            allLabel="See the latest arrivals"
          />
        );
      case "our-range":
        return data.stock ? <OurRangeBlock stock={data.stock} /> : null;
      case "value-proposition":
        return <ValuePropositionBlock />;
      case "book-service":
        return <BookServiceBlock />;
      case "vehicle-valuation":
        return <VehicleValuationBlock />;
      case "finance-solutions":
        return <FinanceSolutionsBlock />;
      case "buy-online":
        return <BuyOnlineBlock />;
      case "locations":
        return data.locations.length > 0 ? (
          <div className="bg-slate-50">
            <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
              <LocationsCarousel
                title={site.settings.locationsCarouselTitle}
                locations={data.locations}
                today={data.today}
              />
            </div>
          </div>
        ) : null;
      case "lifestyle-tiles":
        return <LifestyleTilesBlock />;
      case "specials":
        return <SpecialsBlock offers={data.specials} />;
      case "reviews":
        return data.reviews && data.reviews.reviews.length > 0 ? (
          <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
            <ReviewsList reviews={data.reviews} carousel />
          </div>
        ) : null;
      case "payments":
        return <PaymentsStrip />;
    }
  };

  return (
    <>
      {/* The page's one h1 is the hero's; a site without the hero still names itself. */}
      {!hasHero && <h1 className="sr-only">{site.name}</h1>}
      {/* On phones the promotion is a banner at the top of the page (a dialog on desktop). */}
      <PromoPopup />
      {data.blocks.map((block) => (
        <div key={block} data-home-block={block}>
          {render(block)}
        </div>
      ))}
    </>
  );
}
