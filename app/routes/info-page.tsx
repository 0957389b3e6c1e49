import type { ReactNode } from "react";
import { data } from "react-router";
import type { Route } from "./+types/info-page";
import { loadContentPage } from "~/server/content/pages";
import { loadStockSummary } from "~/server/content/stock-summary";
import type { StockSummary } from "~/server/content/stock-summary";
import { Icon } from "~/app/components/content/icons";
import type { IconName } from "~/app/components/content/icons";
import { PageHeader } from "~/app/components/content/page-header";
import { RichText } from "~/app/components/content/rich-text";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { PaymentsStrip } from "~/app/components/home/home-blocks";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { formatNumber } from "~/domain/number-format";
import { INFO_PAGE_SLUGS, type InfoPageSlug } from "~/domain/site-pages";

export async function loader({ context, request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const slug = path.slice(1) as InfoPageSlug;
  if (!(INFO_PAGE_SLUGS as readonly string[]).includes(slug)) throw data(null, { status: 404 });
  const [page, stock] = await Promise.all([
    loadContentPage(context, slug),
    INFO_PAGE_BLOCKS[slug].stock ? loadStockSummary(context) : Promise.resolve(null),
  ]);
  if (!page) throw data(null, { status: 404 });
  return {
    slug,
    page,
    stock,
    seo: seoFor(context.origin, `/${slug}`, page.title, page.metaDescription),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return seoMeta(data?.seo, matches);
}

const BUYING_STEPS: Array<{ title: string; text: string; icon: IconName }> = [
  {
    title: "Choose your vehicle",
    text: "Search our stock and compare photos, features and prices.",
    icon: "car",
  },
  {
    title: "Reserve it online",
    text: "Hold it with a secure deposit while we prepare everything.",
    icon: "calendar",
  },
  {
    title: "Value your trade-in",
    text: "Get an instant, independent price for your current car.",
    icon: "tag",
  },
  {
    title: "Arrange finance",
    text: "Apply online with no impact on your credit score.",
    icon: "dollar",
  },
  {
    title: "Pick up or delivery",
    text: "Collect it from us or have it delivered to your door.",
    icon: "truck",
  },
];

function StepList({ steps }: { steps: typeof BUYING_STEPS }) {
  const t = useTemplate();
  return (
    <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {steps.map((step, i) => (
        <li key={step.title} className="rounded-site border border-slate-200 bg-white p-5">
          <Icon name={step.icon} className="size-8 text-brand" />
          <h2 className={cn("mt-3 text-lg", t.heading)}>
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

function BrandGrid({ stock }: { stock: StockSummary }) {
  const site = useSite();
  if (stock.makes.length === 0)
    return <p className="mt-8 text-slate-700">No stock to show right now.</p>;
  return (
    <ul
      className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
      aria-label="Brands in stock"
    >
      {stock.makes.map((make) => (
        <li key={make.make}>
          <SiteLink
            href={make.href}
            className="flex h-full flex-col items-center justify-center rounded-site border border-slate-200 p-4 text-center hover:border-brand"
          >
            <span className="font-semibold">{make.displayName}</span>
            <span className="text-sm text-slate-700">
              {formatNumber(make.count, site.locale)} in stock
            </span>
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}

function ElectrifiedStock({ stock }: { stock: StockSummary }) {
  const site = useSite();
  const t = useTemplate();
  const labels: Record<string, string> = {
    Electric: "Electric vehicles",
    Hybrid: "Hybrids",
    PHEV: "Plug-in hybrids",
  };
  if (stock.electrified.length === 0) {
    return (
      <p className="mt-8 text-slate-700">
        We have no electric or hybrid vehicles in stock right now.{" "}
        <SiteLink href="/contact" className="font-semibold text-brand underline">
          Ask us to find one for you
        </SiteLink>
        .
      </p>
    );
  }
  return (
    <section aria-labelledby="electrified-stock" className="mt-10">
      <h2 id="electrified-stock" className={cn("text-2xl", t.heading)}>
        In stock now
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {stock.electrified.map((group) => (
          <li key={group.fuel}>
            <SiteLink
              href={group.href}
              className="flex items-center gap-4 rounded-site border border-slate-200 p-5 hover:border-brand"
            >
              <Icon name="bolt" className="size-8 text-brand" />
              <span>
                <span className="block font-semibold">{labels[group.fuel] ?? group.fuel}</span>
                <span className="text-sm text-slate-700">
                  {formatNumber(group.count, site.locale)} in stock
                </span>
              </span>
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BuyingOnline() {
  const site = useSite();
  const t = useTemplate();
  return (
    <>
      <StepList steps={BUYING_STEPS} />
      <p className="mt-8">
        <SiteLink
          href={site.settings.defaultSearchPath}
          className={cn("inline-flex px-5 py-3 font-semibold", t.button)}
        >
          Find your vehicle
        </SiteLink>
      </p>
    </>
  );
}

function AftermarketLinks() {
  const t = useTemplate();
  return (
    <p className="mt-8 flex flex-wrap gap-3">
      <SiteLink href="/contact" className={cn("inline-flex px-5 py-3 font-semibold", t.button)}>
        Ask for a quote
      </SiteLink>
      <SiteLink
        href="/vehicle-parts-and-accessories"
        className={cn("inline-flex px-5 py-3 font-semibold", t.buttonOutline)}
      >
        Genuine parts and accessories
      </SiteLink>
    </p>
  );
}

/**
 * What each information page shows under its text: whether it needs the stock summary, its
 * block, and whether the accepted payments follow. Every page of the table must say.
 */
const INFO_PAGE_BLOCKS: Record<
  InfoPageSlug,
  { stock: boolean; payments: boolean; Block: (props: { stock: StockSummary | null }) => ReactNode }
> = {
  "buying-online": { stock: false, payments: true, Block: BuyingOnline },
  "online-payment": { stock: false, payments: true, Block: () => null },
  "electric-and-hybrid-cars": {
    stock: true,
    payments: false,
    Block: ({ stock }) => stock && <ElectrifiedStock stock={stock} />,
  },
  "explore-more-brands": {
    stock: true,
    payments: false,
    Block: ({ stock }) => stock && <BrandGrid stock={stock} />,
  },
  aftermarket: { stock: false, payments: false, Block: AftermarketLinks },
};

export default function InfoPage({ loaderData }: Route.ComponentProps) {
  const { slug, page, stock } = loaderData;
  const { Block, payments } = INFO_PAGE_BLOCKS[slug];
  return (
    <article>
      <PageHeader title={page.title} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        <RichText html={page.body} />
        <Block stock={stock} />
      </div>
      {payments && <PaymentsStrip className="mt-4" />}
    </article>
  );
}
