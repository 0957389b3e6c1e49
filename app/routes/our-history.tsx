import * as Tabs from "@radix-ui/react-tabs";
import { useState } from "react";
import type { Route } from "./+types/our-history";
import { loadContentPage, loadHistory } from "~/server/content/pages";
import { PageHeader } from "~/app/components/content/page-header";
import { RichText } from "~/app/components/content/rich-text";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { cn } from "~/app/lib/cn";

/**
 * The history page: eight decade tabs, 1950s to 2020s (docs/product/vehicle-card-and-page.md,
 * "Other blocks").
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [page, decades] = await Promise.all([
    loadContentPage(context, "our-history"),
    loadHistory(context),
  ]);
  const title = page?.title ?? "Our History";
  return {
    title,
    intro: page?.body ?? "",
    decades,
    seo: seoFor(
      context.origin,
      "/our-history",
      title,
      page?.metaDescription ?? `The story of ${context.site.name}.`,
    ),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return seoMeta(data?.seo, matches);
}

export default function OurHistory({ loaderData }: Route.ComponentProps) {
  const { decades } = loaderData;
  const [active, setActive] = useState(decades.at(-1)?.decade ?? "2020s");
  return (
    <>
      <PageHeader title={loaderData.title} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <RichText html={loaderData.intro} />
        <Tabs.Root
          value={active}
          onValueChange={(v) => setActive(v as typeof active)}
          className="mt-8"
        >
          <Tabs.List
            aria-label="Decades"
            className="flex flex-wrap gap-1 border-b border-slate-300"
          >
            {decades.map((d) => (
              <Tabs.Trigger
                key={d.decade}
                value={d.decade}
                className={cn(
                  "-mb-px min-h-11 border-b-4 px-4 py-2 font-semibold text-slate-700",
                  "data-[state=active]:border-brand data-[state=active]:text-slate-950 data-[state=inactive]:border-transparent hover:text-slate-950",
                )}
              >
                {d.decade}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {decades.map((d) => (
            // Every decade is in the HTML (for search engines); the inactive ones are hidden.
            <Tabs.Content
              key={d.decade}
              value={d.decade}
              forceMount
              className="py-6 data-[state=inactive]:hidden"
            >
              <h2 className="text-2xl font-bold text-slate-900">{d.title}</h2>
              <RichText html={d.body} className="mt-3" />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </div>
    </>
  );
}
