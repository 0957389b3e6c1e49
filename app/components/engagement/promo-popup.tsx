import { useEffect, useId, useState } from "react";
import { isPromoPopupVisible, promoPopupClosedKey } from "~/domain/engagement";
import type { SiteSettings } from "~/domain/site-settings";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { browserStorage } from "./browser-storage";
import { Modal } from "./modal";
import { useClientValue } from "./use-client-value";

type PromoPopupSettings = NonNullable<SiteSettings["promoPopup"]>;

/** The md breakpoint: below it the promotion is a banner in the page, from it a dialog. */
const DESKTOP_QUERY = "(min-width: 768px)";

/** Which popup was closed: a new campaign (other title or expiry) shows again. */
function popupIdentity(popup: PromoPopupSettings): string {
  return `${popup.title}|${popup.expiresAt}`;
}

/** Share of the page scrolled, in percent (100 when the page does not scroll). */
function scrolledPercent(): number {
  const scrollable = document.documentElement.scrollHeight - window.innerHeight;
  return scrollable <= 0 ? 100 : (window.scrollY / scrollable) * 100;
}

/**
 * The promotion (docs/product/vehicle-card-and-page.md, "Chat and popup behaviour"): title,
 * description and a button to its link, with its image in the dialog. Closing it or following its
 * link closes it for good (remembered in the browser); never shown after its expiry date.
 *
 * On phones it is a banner in the page flow, server-rendered so it moves nothing and covering no
 * content. On desktop it is a modal dialog that opens only once the shopper has scrolled a share
 * of the page or spent a while on it, whichever comes first: never over a page just landed on.
 */
export function PromoPopup() {
  const site = useSite();
  const popup = site.settings.promoPopup;
  if (!popup) return null;
  return <Promotion popup={popup} storageKey={promoPopupClosedKey(site.slug)} />;
}

function Promotion({ popup, storageKey }: { popup: PromoPopupSettings; storageKey: string }) {
  const [dismissed, setDismissed] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The server and the hydrating render know the dates only; the browser also knows whether
  // the shopper closed this campaign before.
  const [renderedAt] = useState(() => Date.now());
  const live = isPromoPopupVisible(popup, false, renderedAt);
  const visible = useClientValue(
    () =>
      isPromoPopupVisible(
        popup,
        browserStorage.get(storageKey) === popupIdentity(popup),
        Date.now(),
      ),
    live,
  );
  const shown = visible && !dismissed;

  const { openAfterSeconds, openAfterScrollPercent } = popup;
  useEffect(() => {
    if (!shown || !window.matchMedia(DESKTOP_QUERY).matches) return;
    const open = () => {
      cleanup();
      if (window.matchMedia(DESKTOP_QUERY).matches) setDialogOpen(true);
    };
    const onScroll = () => {
      if (scrolledPercent() >= openAfterScrollPercent && window.scrollY > 0) open();
    };
    const timer = window.setTimeout(open, openAfterSeconds * 1000);
    const cleanup = () => {
      window.clearTimeout(timer);
      window.removeEventListener("scroll", onScroll);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return cleanup;
  }, [shown, openAfterSeconds, openAfterScrollPercent]);

  const close = () => {
    setDismissed(true);
    setDialogOpen(false);
    browserStorage.set(storageKey, popupIdentity(popup));
  };

  if (!shown) return null;
  return (
    <>
      <PromoBanner popup={popup} onClose={close} />
      <Modal open={dialogOpen} onClose={close} title={popup.title} closeLabel="Close this offer">
        {popup.imageUrl && <PromoImage src={popup.imageUrl} />}
        {popup.description && <p className="text-slate-800">{popup.description}</p>}
        <PromoButton popup={popup} onFollow={close} className="mt-5 w-full" />
      </Modal>
    </>
  );
}

/** The phone's banner: part of the page, no overlay and no focus trap; hidden from md up. */
function PromoBanner({ popup, onClose }: { popup: PromoPopupSettings; onClose: () => void }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      data-promo-banner=""
      className="border-b border-brand/30 bg-brand/10 text-slate-900 md:hidden"
    >
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3">
        <div className="min-w-0 flex-1">
          <p id={titleId} className="font-bold">
            {popup.title}
          </p>
          {popup.description && (
            <p className="mt-0.5 line-clamp-2 text-sm text-slate-800">{popup.description}</p>
          )}
          <PromoButton popup={popup} onFollow={onClose} className="mt-2 text-sm" />
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close this offer"
          className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-2xl leading-none text-slate-700 hover:bg-white/60"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </section>
  );
}

function PromoButton({
  popup,
  onFollow,
  className,
}: {
  popup: PromoPopupSettings;
  onFollow: () => void;
  className?: string;
}) {
  const t = useTemplate();
  return (
    <SiteLink
      href={popup.link}
      onClick={onFollow}
      className={cn(
        "inline-flex min-h-11 items-center justify-center px-5 py-2 font-semibold",
        t.button,
        className,
      )}
    >
      {popup.buttonText}
    </SiteLink>
  );
}

/**
 * The dialog's image: its 16:9 box is reserved before it loads (nothing shifts), tinted in the
 * site's brand colour, and the picture fades in once it has loaded.
 */
function PromoImage({ src }: { src: string }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="mb-4 aspect-video w-full overflow-hidden rounded-site bg-brand/10">
      <img
        ref={(img) => {
          // An image already in the cache may have loaded before React listened.
          if (img?.complete && img.naturalWidth > 0) setLoaded(true);
        }}
        src={src}
        alt=""
        width={560}
        height={315}
        onLoad={() => setLoaded(true)}
        className={cn(
          "size-full object-cover transition-opacity duration-300 motion-reduce:transition-none",
          loaded ? "opacity-100" : "opacity-0",
        )}
      />
    </div>
  );
}
