/**
 * A site's stock list: search (name, stock number, VIN) and the facets staff filter by (status,
 * make, age in stock, photos, price), with counts per status and make; 25 a page.
 */
import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/stock";
import { buttonClass, secondaryButtonClass } from "~/app/components/admin/form";
import { Input, Select } from "~/app/components/admin/editors/fields";
import { SiteEditorNav } from "~/app/components/admin/editors/site-editor-nav";
import { requireSiteEditor } from "~/server/admin/editors/editor-access";
import {
  AGE_BUCKETS,
  LIST_STATUSES,
  STATUS_LABELS,
  listStock,
  parseStockQuery,
} from "~/server/admin/editors/stock-editor";

export function meta() {
  return [{ title: "Stock · Back office" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { site, db, scope } = await requireSiteEditor(args, "stock:read", "dealership");
  const params = new URL(args.request.url).searchParams;
  const query = parseStockQuery(params);
  if (!query.ok) throw data(Object.values(query.errors).join(" "), { status: 400 });
  const list = await listStock(db, site.id, query.value, { dealershipIds: scope.dealershipIds });
  return {
    site,
    query: {
      ...query.value,
      minPrice: query.value.minPrice ?? "",
      maxPrice: query.value.maxPrice ?? "",
    },
    list,
    statuses: LIST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
    ages: Object.keys(AGE_BUCKETS),
  };
}

const money = new Intl.NumberFormat("en-AU", {
  style: "currency",
  currency: "AUD",
  maximumFractionDigits: 0,
});

export default function StockList() {
  const { site, query, list, statuses, ages } = useLoaderData<typeof loader>();
  const statusLabel = Object.fromEntries(statuses.map((s) => [s.value, s.label]));
  const pageUrl = (page: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...query, page }))
      if (value !== "" && value !== null && !(key === "page" && value === 1))
        params.set(key, String(value));
    return `?${params}`;
  };
  return (
    <>
      <SiteEditorNav site={site} title="Stock" />
      <form
        method="get"
        className="rounded-md border border-slate-300 bg-white p-4"
        role="search"
        aria-label="Filter the stock"
      >
        <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4">
          <Input
            name="q"
            type="search"
            label="Search"
            hint="Name, stock number or VIN"
            defaultValue={query.q}
          />
          <Select
            name="status"
            label="Status"
            defaultValue={query.status}
            options={[
              { value: "", label: "Any status" },
              ...statuses.map((s) => ({
                value: s.value,
                label: `${s.label} (${list.facets.status[s.value]})`,
              })),
            ]}
          />
          <Select
            name="make"
            label="Make"
            defaultValue={query.make}
            options={[
              { value: "", label: "Any make" },
              ...list.facets.makes.map((m) => ({ value: m.make, label: `${m.make} (${m.count})` })),
            ]}
          />
          <Select
            name="age"
            label="Age in stock"
            defaultValue={query.age}
            options={[
              { value: "", label: "Any age" },
              ...ages.map((a) => ({ value: a, label: `${a} days` })),
            ]}
          />
          <Select
            name="photos"
            label="Photos"
            defaultValue={query.photos}
            options={[
              { value: "", label: "With or without" },
              { value: "with", label: "With photos" },
              { value: "without", label: "Without photos" },
            ]}
          />
          <Input
            name="minPrice"
            type="number"
            min={0}
            label="Price from"
            defaultValue={String(query.minPrice)}
          />
          <Input
            name="maxPrice"
            type="number"
            min={0}
            label="Price to"
            defaultValue={String(query.maxPrice)}
          />
        </div>
        <div className="mt-4 flex gap-3">
          <button type="submit" className={buttonClass}>
            Filter
          </button>
          <a href={`/admin/stock/${site.id}`} className={secondaryButtonClass}>
            Clear
          </a>
        </div>
      </form>
      <p className="mt-4" role="status">
        {list.total} vehicle{list.total === 1 ? "" : "s"}
        {list.pages > 1 ? `, page ${list.page} of ${list.pages}` : ""}
      </p>
      {list.rows.length ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full border-collapse bg-white text-left text-sm">
            <caption className="sr-only">Vehicles of {site.name}</caption>
            <thead>
              <tr className="border-b border-slate-400">
                <th scope="col" className="p-2">
                  Vehicle
                </th>
                <th scope="col" className="p-2">
                  Stock no.
                </th>
                <th scope="col" className="p-2">
                  Price
                </th>
                <th scope="col" className="p-2">
                  Status
                </th>
                <th scope="col" className="p-2">
                  Photos
                </th>
                <th scope="col" className="p-2">
                  Days
                </th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((v) => (
                <tr key={v.id} className="border-b border-slate-200">
                  <td className="p-2">
                    <a
                      href={`/admin/stock/${site.id}/vehicles/${v.id}`}
                      className="text-blue-800 underline"
                    >
                      {v.name}
                    </a>
                  </td>
                  <td className="p-2">{v.stocknum ?? ""}</td>
                  <td className="p-2">
                    {v.price > 0 ? money.format(v.price) : "POA"}
                    {v.priceType ? ` ${v.priceType}` : ""}
                  </td>
                  <td className="p-2">{statusLabel[v.status]}</td>
                  <td className="p-2">{v.photos}</td>
                  <td className="p-2">{v.daysInStock}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-2">No vehicle matches these filters.</p>
      )}
      {list.pages > 1 ? (
        <nav aria-label="Pages of the stock list" className="mt-4 flex gap-3">
          {list.page > 1 ? (
            <a href={pageUrl(list.page - 1)} className={secondaryButtonClass}>
              Previous page
            </a>
          ) : null}
          {list.page < list.pages ? (
            <a href={pageUrl(list.page + 1)} className={secondaryButtonClass}>
              Next page
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
