/** What the back office says about test payments and sites whose deposits are off. */

/** Beside a deposit paid through the built-in test card provider. */
export function TestPaymentBadge() {
  return (
    <span className="ml-2 inline-block rounded border border-amber-700 bg-amber-50 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
      Test payment: no money taken
    </span>
  );
}

/**
 * Sites whose card provider has no credentials on this server: shoppers see no Reserve Now and
 * no deposit until they are set.
 */
export function DepositsOffNotice({
  sites,
}: {
  sites: ReadonlyArray<{ name: string; provider: string }>;
}) {
  if (sites.length === 0) return null;
  return (
    <div role="status" className="mt-4 rounded-md border border-amber-700 bg-amber-50 p-3">
      <p className="font-semibold">
        Online deposits are off: no card provider credentials on this server.
      </p>
      <p className="mt-1">
        Shoppers of {sites.map((s) => `${s.name} (${s.provider})`).join(", ")} see no Reserve Now or
        deposit until the server is given that provider&apos;s keys. Ask your platform administrator
        to add them.
      </p>
    </div>
  );
}
