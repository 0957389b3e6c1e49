import type { VehiclePageModel } from "./vehicle-page-model";
import { APP_LINKS } from "~/app/components/site/app-links";

/** The trail's look is the `crumbs` component class (app/app.css); its links navigate in the app. */
export function Breadcrumbs({ items }: { items: VehiclePageModel["breadcrumbs"] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol {...APP_LINKS} className="crumbs">
        {items.map((item, index) => (
          <li key={`${index}:${item.name}`}>
            {index > 0 && <span aria-hidden="true">/</span>}
            {item.href ? (
              <a href={item.href}>{item.name}</a>
            ) : (
              <span aria-current="page">{item.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
