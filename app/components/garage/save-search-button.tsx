/**
 * 'Save this search' on the search page, where the garage has sign-in: keeps the current
 * filters (the page's address) for the daily digest of new matches. Signed out, it says where to
 * sign in. Rendered after hydration only, in a box of fixed height: nothing moves.
 */
import { useState } from "react";
import { garagePath } from "~/domain/favourites";
import { APP_LINK } from "~/app/components/site/app-links";
import { useSite } from "~/app/lib/site";
import { useHydrated } from "~/app/lib/use-hydrated";

export function SaveSearchButton() {
  const site = useSite();
  const hydrated = useHydrated();
  const [state, setState] = useState<"idle" | "saved" | "sign-in" | "error">("idle");
  if (!site.settings.garageEnabled || !site.settings.garage.signInWithMobile) return null;

  const save = async () => {
    try {
      const response = await fetch("/api/garage/saved-searches", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ search: `${window.location.pathname}${window.location.search}` }),
      });
      setState(response.ok ? "saved" : response.status === 401 ? "sign-in" : "error");
    } catch {
      setState("error");
    }
  };

  return (
    <div className="min-h-11 text-sm">
      {hydrated && state === "idle" && (
        <button
          type="button"
          onClick={() => void save()}
          className="min-h-11 font-semibold underline"
        >
          Save this search
        </button>
      )}
      <p role="status">
        {state === "saved" && "Search saved: new matches come to you once a day."}
        {state === "error" && "This search could not be saved. Please try again."}
        {state === "sign-in" && (
          <>
            <a
              {...APP_LINK}
              href={garagePath(site.settings.garage.path)}
              className="font-semibold underline"
            >
              Sign in to your garage
            </a>{" "}
            to save searches.
          </>
        )}
      </p>
    </div>
  );
}
