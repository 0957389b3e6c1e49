import { Form } from "react-router";
import { cn } from "~/app/lib/cn";
import { useTemplate } from "~/app/lib/site";

/** The parts search (a GET form to /parts/search that works without JavaScript). */
export function PartsSearchForm({
  categories,
  query = "",
  category = null,
}: {
  categories: string[];
  query?: string;
  category?: string | null;
}) {
  const t = useTemplate();
  return (
    <Form
      method="get"
      action="/parts/search"
      role="search"
      aria-label="Search parts"
      className="grid gap-4 rounded-site border border-slate-200 bg-slate-50 p-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
    >
      <div>
        <label htmlFor="parts-query" className="block text-sm font-semibold text-slate-900">
          Part name or number
        </label>
        <input
          id="parts-query"
          name="query"
          type="search"
          defaultValue={query}
          placeholder="e.g. floor mats, PT-101-2"
          className="mt-1 block w-full rounded-site border border-slate-400 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-600"
        />
      </div>
      {categories.length > 0 && (
        <div>
          <label htmlFor="parts-category" className="block text-sm font-semibold text-slate-900">
            Category
          </label>
          <select
            id="parts-category"
            name="category"
            defaultValue={category ?? ""}
            className="mt-1 block w-full rounded-site border border-slate-400 bg-white px-3 py-2 text-slate-900"
          >
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      )}
      <button type="submit" className={cn("px-5 py-2.5 font-semibold", t.button)}>
        Search parts
      </button>
    </Form>
  );
}
