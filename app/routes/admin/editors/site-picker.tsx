/**
 * /admin/stock, /admin/settings and /admin/content: the sites within the staff member's reach; with
 * one site, straight to its editor.
 */
import { redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/site-picker";
import { requireStaff } from "~/server/admin/staff-scope";

const SECTIONS = {
  stock: { title: "Stock", permission: "stock:read" },
  settings: { title: "Site settings", permission: "settings:write" },
  content: { title: "Locations, offers and pages", permission: "content:write" },
} as const;

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.title ?? "Sites"} · Back office` }];
}

export async function loader(args: Route.LoaderArgs) {
  const section = new URL(args.request.url).pathname.split("/")[2] as keyof typeof SECTIONS;
  const { title, permission } = SECTIONS[section] ?? SECTIONS.stock;
  const { scope } = await requireStaff(args, permission);
  // A site's settings are edited by staff whose scope holds the whole site (staff-scope.ts).
  const sites = scope
    .sites()
    .filter((s) => section !== "settings" || scope.ownsSite(s.id))
    .map((s) => ({ id: s.id, name: s.name, group: s.dealershipGroup?.name ?? null }))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (sites.length === 1) throw redirect(`/admin/${section}/${sites[0]!.id}`);
  return { title, section, sites };
}

export default function SitePicker() {
  const { title, section, sites } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700">
        {sites.length
          ? "Choose a site."
          : "No site is yours alone: the settings of a site your dealership shares with others are edited by the group's admins."}
      </p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {sites.map((site) => (
          <li key={site.id}>
            <a
              href={`/admin/${section}/${site.id}`}
              className="block min-h-11 rounded-md border border-slate-300 bg-white p-3 text-blue-800 underline"
            >
              {site.name}
              {site.group ? (
                <span className="block text-sm text-slate-700 no-underline">{site.group}</span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
