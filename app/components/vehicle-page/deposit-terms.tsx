/**
 * The deposit's terms as the shopper reads them before paying (docs/product/payments.md,
 * "Deposit terms"): the amount, refundable or not and on what conditions, how long the car is
 * held, what happens if finance is declined, and the site's terms page.
 */
import { durationInWords } from "~/domain/deposit-terms";
import type { SiteSettings } from "~/domain/site-settings";
import { resolveSiteLink } from "~/domain/links";

export type DepositTermsView = {
  refundable: boolean;
  conditions: string;
  /** How long a paid deposit holds the car, in words ("48 hours"). */
  heldFor: string;
  /** How long the car is held while the shopper pays, in words ("15 minutes"). */
  payWithin: string;
  financeDeclined: string;
  /** The site's terms and conditions page. */
  termsPath: string;
};

export function depositTermsView(
  settings: Pick<
    SiteSettings,
    | "depositTerms"
    | "reservationHoldMinutes"
    | "pagesPrefixInUse"
    | "newsReplacesBlog"
    | "financePreApprovalAvailable"
  >,
): DepositTermsView {
  const terms = settings.depositTerms;
  return {
    refundable: terms.refundable,
    conditions: terms.conditions,
    heldFor: durationInWords(terms.heldHours * 60),
    payWithin: durationInWords(settings.reservationHoldMinutes),
    financeDeclined: terms.financeDeclined,
    termsPath: resolveSiteLink("/pages/terms-and-conditions", settings),
  };
}

export function DepositTerms({ terms, deposit }: { terms: DepositTermsView; deposit: string }) {
  return (
    <section
      aria-labelledby="deposit-terms-heading"
      data-testid="deposit-terms"
      className="mb-6 rounded-site border border-slate-300 p-4"
    >
      <h2 id="deposit-terms-heading" className="mb-2 text-lg font-semibold">
        Your {deposit} deposit
      </h2>
      <dl className="space-y-2">
        <div>
          <dt className="font-semibold">{terms.refundable ? "Refundable" : "Not refundable"}</dt>
          <dd>{terms.conditions}</dd>
        </div>
        <div>
          <dt className="font-semibold">How long the car is held</dt>
          <dd>
            While you pay, the car is held for you for {terms.payWithin}. Once your deposit is paid,
            it is held for you for {terms.heldFor}.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">If your finance is declined</dt>
          <dd>{terms.financeDeclined}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The link to the site's terms page, beside the box the shopper ticks to accept them. */
export function TermsLink({ terms }: { terms: DepositTermsView }) {
  return (
    <p className="-mt-2 text-sm">
      Read the{" "}
      <a
        href={terms.termsPath}
        target="_blank"
        rel="noopener"
        className="font-semibold text-brand underline"
      >
        terms and conditions
      </a>{" "}
      (opens in a new tab, so what you typed here stays).
    </p>
  );
}
