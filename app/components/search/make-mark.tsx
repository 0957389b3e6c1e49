import type { CSSProperties } from "react";
import { makeSlug } from "~/domain/manufacturers";
import { useSite } from "~/app/lib/site";

/** Wordmark sizes by the name's length: the box stays 2.5rem high for 'Kia' and 'Mitsubishi'. */
function wordmarkSize(label: string): "s" | "m" | "l" {
  if (label.length <= 5) return "s";
  return label.length <= 9 ? "m" : "l";
}

/** Letters in the name's longest word: the wordmark sets smaller until that word fits one line. */
function longestWord(label: string): number {
  return Math.max(1, ...label.split(/[\s-]+/).map((word) => word.length));
}

/**
 * A make's mark and name on a make card: the logo image the site supplies for the make
 * (settings.makeMarks.logos, else the catalogue's), or the make's name set as a wordmark. The
 * name itself is what assistive technology reads; beside a wordmark it is visually hidden.
 */
export function MakeMark({
  make,
  label,
  catalogueLogo = null,
  labelClassName,
  alignStart = false,
}: {
  /** The make's name or slug. */
  make: string;
  /** The name a visitor sees. */
  label: string;
  catalogueLogo?: string | null;
  labelClassName?: string;
  /** Set the wordmark from the left edge (a card whose text is left-aligned). */
  alignStart?: boolean;
}) {
  const { settings } = useSite();
  const logo = settings.makeMarks.logos[makeSlug(make)] ?? catalogueLogo;
  return (
    <>
      {logo ? (
        <img
          src={logo}
          alt=""
          width={80}
          height={40}
          loading="lazy"
          className={alignStart ? "h-10 w-auto object-contain" : "h-10 w-full object-contain"}
        />
      ) : (
        <span
          aria-hidden="true"
          className={alignStart ? "make-mark justify-start text-left" : "make-mark"}
          data-size={wordmarkSize(label)}
          data-colour={settings.makeMarks.colour === "brand" ? "brand" : undefined}
          style={{ "--mark-chars": longestWord(label) } as CSSProperties}
        >
          <span>{label}</span>
        </span>
      )}
      <span className={logo ? labelClassName : "sr-only"}>{label}</span>
    </>
  );
}
