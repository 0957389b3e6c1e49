import { useState } from "react";

/**
 * Share (the device's share sheet where there is one, otherwise the link is copied) and print
 * (the page has a print layout: photo, price, specifications and the dealer's details).
 */
export function SharePrint({ url, title }: { url: string; title: string }) {
  const [status, setStatus] = useState("");
  const share = async () => {
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setStatus("Link copied");
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      setStatus("Copy this link: " + url);
    }
  };
  const button =
    "inline-flex min-h-11 items-center gap-2 rounded-site border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-900 hover:bg-slate-100";
  return (
    <div className="no-print flex flex-wrap items-center gap-2">
      <button type="button" onClick={() => void share()} className={button}>
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" focusable="false">
          <path
            d="M18 16a3 3 0 0 0-2.4 1.2l-6.7-3.4a3 3 0 0 0 0-1.6l6.7-3.4A3 3 0 1 0 15 7l-6.7 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1z"
            fill="currentColor"
          />
        </svg>
        Share
      </button>
      <button type="button" onClick={() => window.print()} className={button}>
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true" focusable="false">
          <path
            d="M6 9V3h12v6M6 18H4v-7h16v7h-2M7 14h10v7H7z"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
          />
        </svg>
        Print
      </button>
      <span role="status" className="text-sm text-slate-700">
        {status}
      </span>
    </div>
  );
}
