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
  // The buttons' look and icons are component classes (app/app.css, `page-tool`).
  return (
    <div className="no-print flex flex-wrap items-center gap-2">
      <button type="button" onClick={() => void share()} className="page-tool page-tool-share">
        Share
      </button>
      <button type="button" onClick={() => window.print()} className="page-tool page-tool-print">
        Print
      </button>
      <span role="status" className="text-sm text-slate-700">
        {status}
      </span>
    </div>
  );
}
