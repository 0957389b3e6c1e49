import { dateTimeFormat } from "~/domain/number-format";
import { cardImageUrl } from "~/domain/image-url";
import { formatPrice } from "~/domain/vehicle-price";
import type { OfferCardView } from "~/server/content/offers";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";

function expiryText(isoDate: string, locale: string): string {
  return dateTimeFormat(locale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * An offer card (docs/product/vehicle-card-and-page.md, "Other blocks": name, logo, image and
 * link), with price and expiry.
 */
export function OfferCard({
  offer,
  headingLevel = 2,
  className,
}: {
  offer: OfferCardView;
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const site = useSite();
  const t = useTemplate();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      id={offer.slug}
      className={cn(
        "flex h-full scroll-mt-24 flex-col overflow-hidden rounded-site border border-slate-200 bg-white shadow-sm",
        className,
      )}
    >
      {offer.imageSrc && (
        <img
          src={cardImageUrl(offer.imageSrc, 640, site.settings)}
          alt=""
          width={offer.imageWidth ?? 800}
          height={offer.imageHeight ?? 450}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full bg-slate-100 object-cover"
        />
      )}
      <div className="flex flex-1 flex-col p-5">
        {offer.logoSrc && (
          <img
            src={offer.logoSrc}
            alt={offer.manufacturer ?? ""}
            width={offer.logoWidth ?? 120}
            height={offer.logoHeight ?? 40}
            loading="lazy"
            className="mb-3 h-8 w-auto self-start"
          />
        )}
        <Heading className={cn("text-lg", t.heading)}>{offer.name}</Heading>
        {offer.price !== null && offer.price > 0 && (
          <p className="mt-1 text-2xl font-bold text-slate-900">
            {formatPrice(offer.price, site.locale)}
            <span className="ml-1 text-sm font-normal text-slate-700">from</span>
          </p>
        )}
        {offer.description && <p className="mt-2 text-sm text-slate-800">{offer.description}</p>}
        {offer.expiresAt && (
          <p className="mt-2 text-sm text-slate-700">
            Ends {expiryText(offer.expiresAt, site.locale)}
          </p>
        )}
        {offer.disclaimer && <p className="mt-3 text-xs text-slate-600">{offer.disclaimer}</p>}
        <div className="mt-auto pt-4">
          <SiteLink
            href={offer.linkHref}
            className={cn("inline-flex px-4 py-2 text-sm font-semibold", t.button)}
          >
            View offer
            <span className="sr-only">: {offer.name}</span>
          </SiteLink>
        </div>
      </div>
    </article>
  );
}
