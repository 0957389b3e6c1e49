import type { ReactNode } from "react";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { APP_LINK } from "~/app/components/site/app-links";

export type Crumb = { name: string; href?: string };

/** The title band of a content page, with breadcrumbs (the last crumb is the page). */
export function PageHeader({
  title,
  intro,
  crumbs = [],
  children,
}: {
  title: string;
  intro?: ReactNode;
  crumbs?: Crumb[];
  children?: ReactNode;
}) {
  const t = useTemplate();
  const bold = useSite().template === "bold";
  return (
    <div
      className={cn(
        bold ? "bg-brand text-brand-foreground" : "border-b border-slate-200 bg-slate-50",
      )}
    >
      <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
        <nav aria-label="Breadcrumb" className="mb-3 text-sm">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <a {...APP_LINK} href="/" className="underline-offset-2 hover:underline">
                Home
              </a>
            </li>
            {crumbs.map((crumb) => (
              <li key={crumb.name} className="flex items-center gap-1">
                <span aria-hidden="true">/</span>
                {crumb.href ? (
                  <a {...APP_LINK} href={crumb.href} className="underline-offset-2 hover:underline">
                    {crumb.name}
                  </a>
                ) : (
                  <span>{crumb.name}</span>
                )}
              </li>
            ))}
            <li className="flex items-center gap-1">
              <span aria-hidden="true">/</span>
              <span aria-current="page">{title}</span>
            </li>
          </ol>
        </nav>
        <h1 className={cn("text-3xl md:text-4xl", bold ? "font-extrabold uppercase" : t.heading)}>
          {title}
        </h1>
        {intro && (
          <div className={cn("mt-3 max-w-3xl text-lg", bold ? "opacity-95" : "text-slate-700")}>
            {intro}
          </div>
        )}
        {children}
      </div>
    </div>
  );
}
