import { cardImageUrl } from "~/domain/image-url";
import { formatPrice } from "~/domain/vehicle-price";
import type { PartView } from "~/server/content/parts";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";

/** A part or accessory: name, part number, category, price and a link to ask about it. */
export function PartCard({ part, headingLevel = 2 }: { part: PartView; headingLevel?: 2 | 3 }) {
  const site = useSite();
  const t = useTemplate();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col rounded-site border border-slate-200 bg-white p-5">
      {part.imageUrl && (
        <img
          src={cardImageUrl(part.imageUrl, 640, site.settings)}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          className="mb-4 aspect-video w-full rounded-site bg-slate-100 object-cover"
        />
      )}
      {part.category && (
        <p className="text-xs font-semibold tracking-wide text-slate-700 uppercase">
          {part.category}
        </p>
      )}
      <Heading className={cn("mt-1 text-lg", t.heading)}>{part.name}</Heading>
      {part.partNumber && <p className="text-sm text-slate-700">Part no. {part.partNumber}</p>}
      {part.description && <p className="mt-2 text-sm text-slate-800">{part.description}</p>}
      {part.price !== null && part.price > 0 && (
        <p className="mt-auto pt-4 text-xl font-bold">{formatPrice(part.price, site.locale)}</p>
      )}
    </article>
  );
}
