import type { ReactNode } from "react";
import { requestChatOpen } from "~/app/components/engagement/chat-bubble";
import { cn } from "~/app/lib/cn";
import { PhoneReveal } from "~/app/components/phone-reveal";
import type { SidebarLink, VehiclePageModel } from "./vehicle-page-model";

/** Plain links: the forms they open are pages of their own that work without script. */
function ActionLink({
  action,
  variant,
  icon,
}: {
  action: SidebarLink;
  variant: "primary" | "secondary" | "outline";
  icon?: ReactNode;
}) {
  return (
    <a
      href={action.href}
      {...(action.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className={cn(
        "sidebar-action",
        variant === "primary" && "rounded-site bg-accent text-accent-foreground hover:opacity-90",
        variant === "secondary" && "btn",
        variant === "outline" && "btn-outline",
      )}
    >
      {/* The label's and the detail's looks are the `sidebar-action` class's (app/app.css). */}
      <span>
        {icon}
        {action.label}
      </span>
      {action.detail && <small>{action.detail}</small>}
      {action.external && <span className="sr-only"> (opens in a new tab)</span>}
    </a>
  );
}

/**
 * 'Interested in this vehicle?' (docs/product/vehicle-card-and-page.md, "The vehicle page"):
 * reserve, enquire, test drive, finance, trade-in, call, WhatsApp and chat where the site enables
 * them, the history report. A sold vehicle offers 'Find Me Something Similar' instead of the
 * enquiry actions (section 4). Carries the #enquiry anchor the cards' enquiry buttons lead to.
 */
export function Sidebar({
  page,
  enquiryForm,
}: {
  page: VehiclePageModel;
  enquiryForm?: ReactNode;
}) {
  const { actions } = page;
  return (
    <section id={page.enquiryAnchor} aria-labelledby="interested-heading" className="sidebar-box">
      <h2 id="interested-heading" className="text-xl t-heading">
        {page.sidebarHeading}
      </h2>
      {page.unavailable && (
        <p className="mt-2 text-slate-700">
          This vehicle has been sold. We can find you one just like it.
        </p>
      )}
      <ul className="mt-4 flex flex-col gap-3">
        {actions.findSimilar && (
          <li>
            <ActionLink action={actions.findSimilar} variant="primary" />
          </li>
        )}
        {actions.reserve && (
          <li>
            <ActionLink action={actions.reserve} variant="primary" />
          </li>
        )}
        {actions.enquire && !enquiryForm && (
          <li>
            <ActionLink action={actions.enquire} variant="secondary" />
          </li>
        )}
        {actions.testDrive && (
          <li>
            <ActionLink action={actions.testDrive} variant="outline" />
          </li>
        )}
        {actions.finance && (
          <li>
            <ActionLink action={actions.finance} variant="outline" />
          </li>
        )}
        {actions.tradeIn && (
          <li>
            <ActionLink action={actions.tradeIn} variant="outline" />
          </li>
        )}
        {actions.buyOnline && (
          <li>
            <ActionLink action={actions.buyOnline} variant="outline" />
          </li>
        )}
        {page.phone && (
          <li>
            <PhoneReveal
              phone={page.phone.number}
              label={page.phone.label}
              vehicle={page.vehicle}
              startsRevealed={page.phone.startsRevealed}
              // The button and its handset icon are the `sidebar-phone` component class (app.css).
              className="sidebar-phone"
            />
          </li>
        )}
        {actions.whatsapp && (
          <li>
            <ActionLink
              action={actions.whatsapp}
              variant="outline"
              icon={
                <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
                  <path
                    fill="currentColor"
                    d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .2-3.3-.7-2.8-1.1-4.5-3.9-4.7-4.1-.1-.2-1.1-1.5-1.1-2.8s.7-2 1-2.3c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 2c.1.2.1.3 0 .5l-.3.5-.4.4c-.1.1-.3.3-.1.6.2.3.8 1.3 1.7 2.1 1.2 1 2.1 1.3 2.4 1.5.3.1.5.1.6-.1l.9-1c.2-.3.4-.2.6-.1l1.9.9c.3.1.5.2.5.3.1.2.1.7-.1 1.3z"
                  />
                </svg>
              }
            />
          </li>
        )}
        {actions.chat && (
          <li>
            <button
              type="button"
              onClick={() => requestChatOpen()}
              className="flex w-full items-center justify-center gap-2 px-4 py-3 font-semibold btn-outline"
            >
              {actions.chat}
            </button>
          </li>
        )}
        {actions.historyReport && (
          <li>
            <ActionLink action={actions.historyReport} variant="outline" />
          </li>
        )}
        {actions.requestPhotos && (
          <li>
            <ActionLink action={actions.requestPhotos} variant="outline" />
          </li>
        )}
      </ul>
      {enquiryForm && <div className="mt-6 border-t border-slate-200 pt-5">{enquiryForm}</div>}
    </section>
  );
}
