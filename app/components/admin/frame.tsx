/**
 * The back office's page frame without navigation (sign-in, password pages): a plain header
 * naming the back office, no storefront chrome.
 */
import type { ReactNode } from "react";

export function AdminFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex-1 bg-slate-50 text-slate-900">
      <header className="border-b border-slate-300 bg-white">
        <p className="mx-auto max-w-md px-4 py-3 font-semibold">Dealer back office</p>
      </header>
      <main id="main">{children}</main>
    </div>
  );
}
