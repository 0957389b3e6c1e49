import type { VehiclePageModel } from "./vehicle-page-model";
import { APP_LINK } from "~/app/components/site/app-links";

export function Breadcrumbs({ items }: { items: VehiclePageModel["breadcrumbs"] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
        {items.map((item, index) => (
          <li key={`${index}:${item.name}`} className="flex items-center gap-2">
            {index > 0 && (
              <span aria-hidden="true" className="text-slate-500">
                /
              </span>
            )}
            {item.href ? (
              <a {...APP_LINK} href={item.href} className="underline-offset-2 hover:underline">
                {item.name}
              </a>
            ) : (
              <span aria-current="page" className="font-semibold text-slate-900">
                {item.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
