/** The saved user record on the garage page, with its 'not you?' clear. */
import { useSite } from "~/app/lib/site";
import { clearSavedUser, useSavedUser } from "./saved-user";

export function SavedDetails() {
  const site = useSite();
  const user = useSavedUser(site.slug);
  if (!user) return null;
  const name = [user.name, user.last_name].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="saved-details" className="rounded-site border border-slate-200 p-4">
      <h2 id="saved-details" className="text-lg font-bold">
        Your details
      </h2>
      <p className="mt-1 text-sm text-slate-800">
        We fill in your next enquiry with these details{name ? `, ${name}` : ""}.
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        {user.email && (
          <>
            <dt className="font-semibold">Email</dt>
            <dd>{user.email}</dd>
          </>
        )}
        {user.phone && (
          <>
            <dt className="font-semibold">Phone</dt>
            <dd>{user.phone}</dd>
          </>
        )}
        {user.postcode && (
          <>
            <dt className="font-semibold">Postcode</dt>
            <dd>{user.postcode}</dd>
          </>
        )}
      </dl>
      <button
        type="button"
        onClick={() => clearSavedUser(site.slug)}
        className="mt-3 min-h-11 text-sm font-semibold underline"
      >
        Not you? Clear my details
      </button>
    </section>
  );
}
