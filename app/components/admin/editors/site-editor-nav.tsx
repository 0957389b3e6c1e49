/**
 * The heading of every editor page: which site is being edited, and links to the site's other
 * editors (docs/product/back-office.md, "Stock and site editors").
 */
import { NavLink } from "react-router";

export function SiteEditorNav({
  site,
  title,
}: {
  site: {
    id: number;
    name: string;
    /** The editors of the site this staff member may open (requireSiteEditor). */
    editors: { settings: boolean; content: boolean; imports: boolean };
  };
  title: string;
}) {
  const { editors } = site;
  const links = [
    { to: `/admin/stock/${site.id}`, label: "Stock", end: true },
    ...(editors.imports
      ? [{ to: `/admin/stock/${site.id}/imports`, label: "Imports", end: true }]
      : []),
    ...(editors.settings
      ? [
          { to: `/admin/settings/${site.id}`, label: "Settings", end: true },
          { to: `/admin/settings/${site.id}/promo-popup`, label: "Promo popup", end: true },
          { to: `/admin/settings/${site.id}/navigation`, label: "Navigation", end: true },
        ]
      : []),
    ...(editors.content
      ? [{ to: `/admin/content/${site.id}`, label: "Locations, offers and pages", end: false }]
      : []),
  ];
  return (
    <div className="mb-4">
      <p className="text-sm text-slate-700">{site.name}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <nav aria-label={`Editors of ${site.name}`} className="mt-2">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end}
                prefetch="none"
                className={({ isActive }) =>
                  `inline-block py-2 underline ${isActive ? "font-semibold text-slate-900" : "text-blue-800"}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** A short confirmation after a save (a live region, so screen readers hear it). */
export function Saved({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="status"
      className="mt-4 rounded-md border border-green-700 bg-green-50 p-3 text-green-900"
    >
      {message}
    </p>
  );
}
