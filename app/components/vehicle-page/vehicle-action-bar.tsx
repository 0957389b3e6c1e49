import { requestChatOpen } from "~/app/components/engagement/chat-bubble";
import { PhoneReveal } from "~/app/components/phone-reveal";
import { useSite } from "~/app/lib/site";
import { SEND_ENQUIRY_ANCHOR } from "./constants";
import type { VehiclePageModel } from "./vehicle-page-model";

/**
 * The phone vehicle page's action bar (docs/product/vehicle-card-and-page.md, "The action bar on
 * phones"; decision 060): fixed to the foot of the screen below the sm breakpoint, hidden above
 * it. The price as the page shows it ('Enquire for price.' when it is not shown), Enquire (to the
 * enquiry form), Call (the vehicle's location's number, masked until asked for where the site
 * masks numbers, the reveal and the call recorded as on the page) and, where the site has chat,
 * the chat launcher: the floating one steps aside on this page (app/app.css). Server-rendered with
 * the page, so it moves nothing when it appears; the page's foot keeps room for it.
 */
export function VehicleActionBar({
  page,
  hasEnquiryForm,
}: {
  page: VehiclePageModel;
  hasEnquiryForm: boolean;
}) {
  const { settings } = useSite();
  if (page.unavailable) return null;
  const enquireHref = hasEnquiryForm
    ? `#${SEND_ENQUIRY_ANCHOR}`
    : (page.actions.enquire?.href ?? `#${page.enquiryAnchor}`);
  return (
    <section aria-label="Price and contact" className="vehicle-action-bar no-print">
      <p className="vehicle-action-bar-price">
        <span className="font-extrabold tabular-nums">{page.price.text}</span>
        {page.priceType && (
          <span className="ml-1.5 text-sm font-normal text-slate-700">{page.priceType}</span>
        )}
      </p>
      <div className="flex items-stretch gap-2">
        <a href={enquireHref} className="vehicle-action-bar-button btn flex-1">
          Enquire
        </a>
        {page.phone && (
          // A wrapper, so the number fills its share before script too (a <details> then).
          <div className="flex min-w-0 flex-[1.7] *:w-full">
            <PhoneReveal
              phone={page.phone.number}
              label={page.phone.label}
              vehicle={page.vehicle}
              startsRevealed={page.phone.startsRevealed}
              quietHint
              className="vehicle-action-bar-button btn-outline"
            />
          </div>
        )}
        {settings.chatEnabled && (
          <button
            type="button"
            onClick={() => requestChatOpen()}
            className="vehicle-action-bar-button btn-outline w-11 shrink-0 px-0"
          >
            <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"
              />
            </svg>
            <span className="sr-only">Chat with us</span>
          </button>
        )}
      </div>
    </section>
  );
}
