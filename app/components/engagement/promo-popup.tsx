import { useState } from "react";
import { isPromoPopupVisible, promoPopupClosedKey } from "~/domain/engagement";
import type { SiteSettings } from "~/domain/site-settings";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { browserStorage } from "./browser-storage";
import { Modal } from "./modal";
import { useClientValue } from "./use-client-value";

type PromoPopupSettings = NonNullable<SiteSettings["promoPopup"]>;

/** Which popup was closed: a new campaign (other title or expiry) shows again. */
function popupIdentity(popup: PromoPopupSettings): string {
  return `${popup.title}|${popup.expiresAt}`;
}

/**
 * The promotional popup (docs/product/vehicle-card-and-page.md, "Chat and popup behaviour"): image,
 * title, description and a button to its link. Visible by default per site; closing it or following
 * its link closes it for good (remembered in the browser); never shown after its expiry date. It
 * opens after hydration as a modal in the top layer, so it moves nothing on the page.
 */
export function PromoPopup() {
  const site = useSite();
  const t = useTemplate();
  const popup = site.settings.promoPopup;
  const [dismissed, setDismissed] = useState(false);
  const storageKey = promoPopupClosedKey(site.slug);
  const visible = useClientValue(
    () =>
      popup
        ? isPromoPopupVisible(
            popup,
            browserStorage.get(storageKey) === popupIdentity(popup),
            Date.now(),
          )
        : false,
    false,
  );

  if (!popup) return null;
  const open = visible && !dismissed;
  const close = () => {
    setDismissed(true);
    browserStorage.set(storageKey, popupIdentity(popup));
  };

  return (
    <Modal open={open} onClose={close} title={popup.title} closeLabel="Close this offer">
      {popup.imageUrl && (
        <img
          src={popup.imageUrl}
          alt=""
          width={560}
          height={315}
          className="mb-4 aspect-video w-full rounded-site bg-slate-100 object-cover"
        />
      )}
      {popup.description && <p className="text-slate-800">{popup.description}</p>}
      <SiteLink
        href={popup.link}
        onClick={close}
        className={cn(
          "mt-5 inline-flex w-full items-center justify-center px-5 py-3 font-semibold",
          t.button,
        )}
      >
        {popup.buttonText}
      </SiteLink>
    </Modal>
  );
}
