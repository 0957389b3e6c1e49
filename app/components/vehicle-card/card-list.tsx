/**
 * What the cards of one list share (the search results): one save form their hearts submit (the
 * buttons' `form` attribute), one live region announcing a save, and one Certified Pre-Owned
 * dialog their badges open, instead of a form, a region and a dialog in every card; and the
 * in-app link mark (APP_LINKS) once for all their links. A card
 * outside a list (the home page, a vehicle page's similar cars) carries its own.
 */
import { createContext, useContext, useId, useMemo, useState, type ReactNode } from "react";
import type { Favourite } from "~/domain/favourites";
import { CERTIFIED_DIALOG_POINTS, CERTIFIED_PRE_OWNED_LABEL } from "~/domain/vehicle-tags";
import { toggleStoredFavourite, useFavourites } from "~/app/components/garage/favourites-store";
import { GARAGE_FORM_PATH, garageAnalytics } from "~/app/components/garage/garage-client";
import { saveToggleProps } from "~/app/components/garage/save-button";
import { useSite } from "~/app/lib/site";
import { APP_LINKS } from "~/app/components/site/app-links";
import { PopoverDialog } from "./popover-dialog";

const SAVE_FORM_ID = "card-save";
const CERTIFIED_DIALOG_ID = "certified";

type CardListShared = {
  announce: (text: string) => void;
  /** The list's vehicles are distinct: a card's element ids are made from its vehicle's id. */
  idOf: (vehicleId: number, part: string) => string;
};

const CardListContext = createContext<CardListShared | null>(null);

/** The list a card stands in, if any. */
export function useCardList(): CardListShared | null {
  return useContext(CardListContext);
}

/**
 * The cards' list (a <ul> of the cards' <li>), `certified` when one of them is (its badge opens
 * the shared dialog). The list carries APP_LINKS for its cards' links.
 */
export function CardList({
  certified,
  className,
  children,
}: {
  certified: boolean;
  className?: string;
  children: ReactNode;
}) {
  const site = useSite();
  const [announcement, setAnnouncement] = useState("");
  const shared = useMemo<CardListShared>(
    () => ({ announce: setAnnouncement, idOf: (id, part) => `v${id}${part}` }),
    [],
  );
  return (
    <CardListContext.Provider value={shared}>
      <ul className={className} {...APP_LINKS}>
        {children}
      </ul>
      {site.settings.garageEnabled && (
        // Before (or without) JavaScript a heart posts this form with its car's id.
        <form id={SAVE_FORM_ID} method="post" action={GARAGE_FORM_PATH}>
          <input type="hidden" name="intent" value="toggle" />
        </form>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {certified && <CertifiedDialog id={CERTIFIED_DIALOG_ID} />}
    </CardListContext.Provider>
  );
}

/**
 * A listed card's heart: a toggle button (aria-pressed) named after its car, submitting the
 * list's form before hydration; after it, it toggles the browser's favourites in place and the
 * list announces the change.
 */
export function ListedSaveButton({
  vehicle,
  title,
  list,
}: {
  vehicle: Favourite;
  /** The car as people read it ('2019 Toyota Corolla Ascent'). */
  title: string;
  list: CardListShared;
}) {
  const site = useSite();
  const saved = useFavourites(site.slug).some((f) => f.id === vehicle.id);
  if (!site.settings.garageEnabled) return null;
  return (
    <button
      {...saveToggleProps(vehicle.id, title, saved)}
      form={SAVE_FORM_ID}
      className="save-button card-save"
      onClick={(event) => {
        event.preventDefault();
        const nowSaved = toggleStoredFavourite(site.slug, vehicle);
        if (nowSaved) garageAnalytics("favourite", { car_id: vehicle.id });
        list.announce(
          nowSaved ? `${title} saved to your garage.` : `${title} removed from your garage.`,
        );
      }}
    >
      {/* The heart is the button's ::before (app/app.css), outlined or filled by aria-pressed. */}
    </button>
  );
}

/** The certified-pre-owned badge; its dialog is a native popover (no script needed). */
export function CertifiedBadge({ list }: { list: CardListShared | null }) {
  const ownId = `certified-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const dialogId = list ? CERTIFIED_DIALOG_ID : ownId;
  return (
    <>
      <button type="button" popoverTarget={dialogId} className="card-certified">
        {/* The seal is the button's ::before (app/app.css). */}
        {CERTIFIED_PRE_OWNED_LABEL}
      </button>
      {!list && <CertifiedDialog id={ownId} />}
    </>
  );
}

function CertifiedDialog({ id }: { id: string }) {
  return (
    <PopoverDialog
      id={id}
      title={CERTIFIED_PRE_OWNED_LABEL}
      label={CERTIFIED_PRE_OWNED_LABEL}
      className="certified-dialog"
    >
      {CERTIFIED_DIALOG_POINTS.map((point) => (
        <li key={point}>{point}</li>
      ))}
    </PopoverDialog>
  );
}
