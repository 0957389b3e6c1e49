/**
 * Demo content beyond the basic company pages: news articles, job listings, a dealer-written
 * information page and history decades, so the demo shows both the dealer's own content and
 * the platform's defaults (sites without a page get the default).
 */
import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { contentPages, sites } from "../schema";

const DAY = 86_400_000;

type ContentRow = {
  slug: string;
  title: string;
  body: string;
  kind: "page" | "news" | "position" | "history";
  daysAgo: number;
  metaDescription?: string;
};

const CONTENT: Record<string, ContentRow[]> = {
  "harbour-auto-group": [
    {
      slug: "harbour-opens-penrith-used-car-centre",
      title: "Harbour opens a used car centre in Penrith",
      kind: "news",
      daysAgo: 12,
      body: `<p>Our new used car centre on Mulgoa Road opens this month with more than 100 quality used vehicles.</p>
<h2>What you will find</h2><ul><li>Every vehicle inspected and serviced before sale</li><li>Trade-in valuations while you wait</li><li>Finance approved on the spot</li></ul>
<p>Read more about <a href="https://www.example.com/harbour-penrith">the opening weekend</a>, or <a href="/our-location/harbour-used-cars-penrith">plan your visit</a>.</p>`,
    },
    {
      slug: "winter-service-checklist",
      title: "Your winter service checklist",
      kind: "news",
      daysAgo: 40,
      body: `<p>Cold mornings are hard on batteries, tyres and wipers. Here is what our technicians check.</p><ol><li>Battery health</li><li>Tyre pressure and tread</li><li>Wiper blades and washer fluid</li></ol>`,
    },
    {
      slug: "sales-consultant-parramatta",
      title: "Sales Consultant, Harbour Toyota Parramatta",
      kind: "position",
      daysAgo: 5,
      metaDescription:
        "Full-time sales role at our Parramatta showroom. Car licence and a love of people required.",
      body: "<p>Full-time sales role at our Parramatta showroom.</p>",
    },
    {
      slug: "apprentice-technician-newcastle",
      title: "Apprentice Technician, Harbour Ford Newcastle",
      kind: "position",
      daysAgo: 9,
      metaDescription:
        "Start your automotive career with a four-year apprenticeship in our Newcastle workshop.",
      body: "<p>A four-year apprenticeship in our Newcastle workshop.</p>",
    },
    {
      slug: "our-history",
      title: "Our History",
      kind: "page",
      daysAgo: 30,
      body: "<p>From a single used car yard on Church Street to a group of dealerships across New South Wales.</p>",
    },
    {
      slug: "history-1950s",
      title: "1950s: A yard on Church Street",
      kind: "history",
      daysAgo: 30,
      body: "<p>1958: the Harbour family opens a used car yard in Parramatta with twelve cars and a borrowed tow truck.</p>",
    },
    {
      slug: "history-1970s",
      title: "1970s: Our first franchise",
      kind: "history",
      daysAgo: 30,
      body: "<p>1972: Harbour becomes a Toyota dealer, and the service workshop opens next door.</p>",
    },
    {
      slug: "history-2020s",
      title: "2020s: Buying online",
      kind: "history",
      daysAgo: 30,
      body: "<p>Customers reserve, finance and pay for their cars online, and we open in Penrith.</p>",
    },
  ],
  "coastal-kia": [
    {
      slug: "buying-online",
      title: "Buy Your Kia Online",
      kind: "page",
      daysAgo: 20,
      metaDescription:
        "Reserve a new Kia online with Coastal Kia and pick it up on the Gold Coast.",
      body: "<p>Choose your new Kia, reserve it with a deposit and we will have it ready for you in Southport.</p><h2>Delivered to your door</h2><p>Anywhere on the Gold Coast, at no extra cost.</p>",
    },
  ],
  "southern-motors": [
    {
      slug: "southern-motors-turns-40",
      title: "Southern Motors turns 40",
      kind: "news",
      daysAgo: 3,
      body: "<p>Forty years of quality used vehicles in Canterbury and Otago. Thank you for your support.</p>",
    },
  ],
};

export async function seedDemoContent(db: Database, now: number): Promise<void> {
  for (const [slug, rows] of Object.entries(CONTENT)) {
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.slug, slug));
    if (!site) continue;
    await db.insert(contentPages).values(
      rows.map((row) => ({
        siteId: site.id,
        slug: row.slug,
        title: row.title,
        body: row.body,
        kind: row.kind,
        metaDescription: row.metaDescription ?? null,
        publishedAt: new Date(now - row.daysAgo * DAY),
      })),
    );
  }
}
