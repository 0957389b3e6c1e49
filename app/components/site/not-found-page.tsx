import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { APP_LINK } from "~/app/components/site/app-links";

/** The site's 404 page: says what happened and offers the site's stock search. */
export function NotFoundPage({ message }: { message?: string }) {
  const site = useSite();
  const t = useTemplate();
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center">
      <title>{`Page not found | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <h1 className={cn("text-3xl", t.heading)}>Page not found</h1>
      <p className="mt-4 text-slate-700">
        {message ?? "The page you are looking for has moved or no longer exists."}
      </p>
      <form
        action={site.settings.defaultSearchPath}
        method="get"
        role="search"
        className="mx-auto mt-8 flex max-w-lg gap-2"
      >
        <label htmlFor="not-found-search" className="sr-only">
          Search our stock
        </label>
        <input
          id="not-found-search"
          name="query"
          type="search"
          placeholder="Keyword search eg. EV, SUV, Toyota"
          className="min-w-0 flex-1 rounded-site border border-slate-400 px-3 py-2"
        />
        <button type="submit" className={cn("px-4 py-2", t.button)}>
          Search
        </button>
      </form>
      <p className="mt-6">
        <a {...APP_LINK} href="/" className="font-semibold text-brand underline">
          Back to the home page
        </a>
      </p>
    </div>
  );
}
