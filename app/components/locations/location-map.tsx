import { directionsUrl } from "~/domain/locations";
import type { LocationView } from "~/server/content/locations";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useSite } from "~/app/lib/site";

/** The site's map embed URL for a location ({query}, {lat}, {long} filled in), or null. */
function embedUrl(
  template: string | null,
  location: Pick<LocationView, "name" | "address">,
): string | null {
  if (!template) return null;
  const { address } = location;
  return template
    .replaceAll("{query}", encodeURIComponent(`${location.name}, ${address.full}`))
    .replaceAll("{lat}", encodeURIComponent(String(address.lat ?? "")))
    .replaceAll("{long}", encodeURIComponent(String(address.long ?? "")));
}

/**
 * The map beside a large location card: the site's interactive map embed where configured,
 * otherwise a static map drawn here (nothing is fetched from a maps service) that links to the
 * location on the map.
 */
export function LocationMap({
  location,
  className,
}: {
  location: Pick<LocationView, "name" | "address">;
  className?: string;
}) {
  const site = useSite();
  const embed = embedUrl(site.settings.mapsEmbedUrlTemplate, location);
  const mapLink = location.address.place_url ?? directionsUrl(location.address);
  if (embed) {
    return (
      <div className={cn("overflow-hidden rounded-site border border-slate-200", className)}>
        <iframe
          src={embed}
          title={`Map of ${location.name}`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="aspect-[4/3] h-full w-full border-0"
        />
      </div>
    );
  }
  return (
    <SiteLink
      href={mapLink}
      className={cn(
        "group relative block overflow-hidden rounded-site border border-slate-200 bg-[#e8eef3] focus-visible:outline-offset-4",
        className,
      )}
    >
      <svg
        viewBox="0 0 400 300"
        className="aspect-[4/3] h-full w-full"
        aria-hidden="true"
        focusable="false"
      >
        <rect width="400" height="300" fill="#e8eef3" />
        <path d="M0 210 C 90 190, 150 240, 400 200" stroke="#bfd4e6" strokeWidth="26" fill="none" />
        <g stroke="#ffffff" strokeWidth="10" fill="none" strokeLinecap="round">
          <path d="M-10 120 H410" />
          <path d="M150 -10 V310" />
          <path d="M-10 40 L 410 260" />
        </g>
        <g stroke="#ffffff" strokeWidth="4" fill="none">
          <path d="M-10 170 H410" />
          <path d="M260 -10 V310" />
          <path d="M60 -10 V310" />
          <path d="M330 -10 L 200 310" />
        </g>
        <rect x="170" y="140" width="70" height="45" fill="#d3e4c8" />
        <g transform="translate(200 150)">
          <path
            d="M0 0 C -18 -22, -18 -48, 0 -52 C 18 -48, 18 -22, 0 0 Z"
            fill="var(--accent)"
            stroke="#ffffff"
            strokeWidth="3"
          />
          <circle cx="0" cy="-34" r="7" fill="#ffffff" />
        </g>
      </svg>
      <span className="absolute inset-x-0 bottom-0 bg-white/95 px-3 py-2 text-sm font-semibold text-slate-900 group-hover:underline">
        {`View ${location.name} on the map`}
        <span className="block font-normal text-slate-700">{location.address.full}</span>
      </span>
    </SiteLink>
  );
}
