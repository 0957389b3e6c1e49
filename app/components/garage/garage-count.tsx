/**
 * The header's link to the garage with the number of saved cars (read after hydration): in the
 * header row from 640 px wide, where the row has room for it (the words 'My garage' from 1280 px,
 * beside the menu), and in the phone menu below that.
 */
import { garagePath } from "~/domain/favourites";
import { APP_LINK } from "~/app/components/site/app-links";
import { useSite } from "~/app/lib/site";
import { useFavourites } from "./favourites-store";

export function GarageCount({
  inMenu = false,
  onClick,
}: {
  inMenu?: boolean;
  onClick?: () => void;
}) {
  const site = useSite();
  const count = useFavourites(site.slug).length;
  if (!site.settings.garageEnabled) return null;
  return (
    <a
      {...APP_LINK}
      href={garagePath(site.settings.garage.path)}
      className={
        inMenu
          ? "garage-count flex min-h-11 items-center gap-2 py-2 font-semibold sm:hidden"
          : "garage-count inline-flex min-h-11 shrink-0 items-center gap-1 text-sm font-semibold whitespace-nowrap max-sm:hidden"
      }
      data-garage-count={count}
      onClick={onClick}
    >
      {/* The heart is the link's ::before (app/app.css), the save button's outline. */}
      <span aria-hidden="true">
        <span className={inMenu ? undefined : "max-xl:hidden"}>My garage </span>
        <span className="inline-block min-w-[3ch] tabular-nums">({count})</span>
      </span>
      <span className="sr-only">
        My garage, {count} saved {count === 1 ? "car" : "cars"}
      </span>
    </a>
  );
}
