/**
 * Default content, so that a new site is complete on day one: every information and company
 * page has sensible copy built from the site's own facts (name, city, phone, e-mail) until the
 * dealer writes their own page in the dashboard. A page in the database always wins.
 *
 * Templates differ in voice: 'classic' sites get a fuller, conversational introduction,
 * 'bold' sites a short, punchy one. Bodies are HTML built here with every interpolated value
 * escaped, so they are as safe as sanitised dashboard content.
 */
import { localiseText } from "~/domain/locale";
import type { Locale, Template } from "~/domain/site-settings";
import { HISTORY_DECADES } from "~/domain/ui-constants";

export type DefaultSiteFacts = {
  name: string;
  locale: Locale;
  city: string | null;
  template: Template;
  phone: string | null;
  email: string | null;
  careersUrl: string | null;
};

export type DefaultPage = {
  title: string;
  metaDescription: string;
  /** Safe HTML (no heading above h2). */
  body: string;
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** A tagged template that escapes every interpolated value. */
function html(
  strings: TemplateStringsArray,
  ...values: Array<string | number | null | undefined | Raw>
): string {
  return strings.reduce((out, part, i) => {
    const value = values[i - 1];
    const text = value instanceof Raw ? value.html : escapeHtml(String(value ?? ""));
    return out + text + part;
  });
}

class Raw {
  constructor(readonly html: string) {}
}
const raw = (markup: string) => new Raw(markup);

function where(site: DefaultSiteFacts): string {
  return site.city ? ` in ${site.city}` : "";
}

function contactSentence(site: DefaultSiteFacts): Raw {
  const parts: string[] = [];
  if (site.phone)
    parts.push(
      html`call us on <a href="tel:${site.phone.replace(/[^\d+]/g, "")}">${site.phone}</a>`,
    );
  if (site.email) parts.push(html`e-mail <a href="mailto:${site.email}">${site.email}</a>`);
  parts.push(html`<a href="/contact">send us a message</a>`);
  return raw(parts.join(", ").replace(/, ([^,]*)$/, " or $1"));
}

/** One introduction paragraph in the template's voice. */
function lede(site: DefaultSiteFacts, classic: string, bold: string): string {
  return html`<p>${site.template === "bold" ? bold : classic}</p>`;
}

type PageBuilder = (site: DefaultSiteFacts) => DefaultPage;

const PAGES: Record<string, PageBuilder> = {
  "about-us": (site) => ({
    title: "About Us",
    metaDescription: `About ${site.name}: new and used vehicles, servicing, parts and finance${where(site)}.`,
    body: [
      lede(
        site,
        `${site.name} has looked after drivers${where(site)} for many years. We sell new and used vehicles, service and repair every make, and help our customers with finance, insurance and genuine parts.`,
        `${site.name}. Local, independent-minded and obsessed with getting you the right vehicle.`,
      ),
      html`<h2>What we do</h2>
        <ul>
          <li>New, demo and used vehicles, with every car inspected before sale</li>
          <li>Servicing and repairs by qualified technicians</li>
          <li>Genuine parts and accessories</li>
          <li>Finance and trade-in valuations, online or in person</li>
        </ul>`,
      html`<h2>Visit us</h2>
        <p>
          Find the nearest showroom on <a href="/our-locations/">our locations page</a>, or
          ${contactSentence(site)}.
        </p>`,
    ].join(""),
  }),

  careers: (site) => ({
    title: "Careers",
    metaDescription: `Work at ${site.name}: sales, service, parts and administration roles${where(site)}.`,
    body: [
      lede(
        site,
        `We are always keen to meet people who love vehicles and looking after customers. Our teams in sales, service, parts and administration get ongoing training and a workplace where good work is noticed.`,
        `Love cars? Love people? Join the team.`,
      ),
      html`<h2>Open roles</h2>
        <p>
          See <a href="/current-positions">our current positions</a>. No role that suits you right
          now?
          ${site.careersUrl ? raw(html`Register your interest on <a href="${site.careersUrl}">our careers site</a>.`) : raw(html`<a href="/contact">Send us a message</a> and tell us about yourself.`)}
        </p>`,
    ].join(""),
  }),

  "current-positions": (site) => ({
    title: "Current Positions",
    metaDescription: `Current job openings at ${site.name}${where(site)}.`,
    body: lede(
      site,
      `These are the roles we are hiring for now. Each listing says where the role is based and how to apply.`,
      `Now hiring. Find your next role below.`,
    ),
  }),

  "terms-and-conditions": (site) => ({
    title: "Terms and Conditions",
    metaDescription: `Terms and conditions of the ${site.name} website.`,
    body: html`<p>By using this website you agree to these terms.</p>
      <h2>Prices and offers</h2>
      <p>
        Prices, specifications and offers shown on this website are a guide only and may change
        without notice. Please confirm the price and availability of a vehicle with our team before
        you buy.
      </p>
      <h2>Online reservations and payments</h2>
      <p>
        A deposit paid online holds a vehicle for you while we prepare your paperwork. Our team will
        contact you to complete the sale.
      </p>
      <h2>Contact</h2>
      <p>Questions about these terms? ${contactSentence(site)}.</p>`,
  }),

  "privacy-policy": (site) => ({
    title: "Privacy Policy",
    metaDescription: `How ${site.name} collects, uses and protects your personal information.`,
    body: html`<p>
        ${site.name} respects your privacy. This policy explains what we collect and why.
      </p>
      <h2>What we collect</h2>
      <p>
        We collect the details you give us in our forms (such as your name, phone number and e-mail)
        so that we can answer you, and basic information about how our website is used so that we
        can improve it.
      </p>
      <h2>How we use it</h2>
      <p>
        We use your details to respond to you, to arrange test drives, services and finance you ask
        for, and, if you agree, to tell you about offers. We never sell your personal information.
      </p>
      <h2>Access and correction</h2>
      <p>To see or correct the information we hold about you, ${contactSentence(site)}.</p>`,
  }),

  stealstopper: (site) => ({
    title: "StealStopper",
    metaDescription: `StealStopper vehicle anti-theft protection, fitted by ${site.name}.`,
    body: [
      lede(
        site,
        `StealStopper protects your vehicle with a discreet immobiliser and security etching, fitted by our accessories team when you buy or at your next service.`,
        `Stop thieves before they start. StealStopper, fitted by our team.`,
      ),
      html`<h2>What you get</h2>
        <ul>
          <li>An immobiliser that stops the engine starting without your key</li>
          <li>Window and part etching that makes your vehicle hard to resell</li>
          <li>Fitting by our own technicians</li>
        </ul>
        <p>
          Ask about StealStopper when you buy or book your next service, or
          ${contactSentence(site)}.
        </p>`,
    ].join(""),
  }),

  "buying-online": (site) => ({
    title: "Buying Online",
    metaDescription: `Buy your next vehicle online from ${site.name}: reserve, value your trade-in, arrange finance and pay securely.`,
    body: lede(
      site,
      `Buy your next vehicle from home. Choose a vehicle, reserve it online, value your trade-in and arrange finance, then pick it up or have it delivered. Our team is with you at every step.`,
      `Your next vehicle, bought from your couch.`,
    ),
  }),

  "online-payment": (site) => ({
    title: "Online Payment",
    metaDescription: `Pay a deposit, invoice or service bill to ${site.name} securely online.`,
    body: [
      lede(
        site,
        `Pay a deposit, a service invoice or a parts order securely online with your card. Your card details go straight to our payment provider and are never stored on this website.`,
        `Fast, secure payments. No queues.`,
      ),
      html`<h2>How to pay</h2>
        <ol>
          <li>Have your invoice or reference number ready.</li>
          <li>
            Choose a vehicle and reserve it online, or call us to receive a secure payment link.
          </li>
          <li>You receive a receipt by e-mail straight away.</li>
        </ol>
        <p>Need help with a payment? ${contactSentence(site)}.</p>`,
    ].join(""),
  }),

  "electric-and-hybrid-cars": (site) => ({
    title: "Electric and Hybrid Vehicles",
    metaDescription: `Electric, hybrid and plug-in hybrid vehicles at ${site.name}${where(site)}.`,
    body: [
      lede(
        site,
        `Thinking about going electric? We stock electric, hybrid and plug-in hybrid vehicles and our team can explain charging, range and running costs in plain words.`,
        `Go electric. Go hybrid. Go further on less.`,
      ),
      html`<h2>Which is right for you?</h2>
        <ul>
          <li>
            <strong>Hybrid</strong>: a fuel engine and an electric motor that charges itself. No
            plugging in.
          </li>
          <li>
            <strong>Plug-in hybrid (PHEV)</strong>: drive short trips on electricity, with a fuel
            engine for long ones.
          </li>
          <li>
            <strong>Electric (EV)</strong>: no fuel at all; charge at home or at public chargers.
          </li>
        </ul>`,
    ].join(""),
  }),

  "explore-more-brands": (site) => ({
    title: "Explore More Brands",
    metaDescription: `Every brand in stock at ${site.name}.`,
    body: lede(
      site,
      `Browse our stock by brand. Choose a brand to see every vehicle we have of it.`,
      `Pick a brand. See the stock.`,
    ),
  }),

  aftermarket: (site) => ({
    title: "Aftermarket Accessories",
    metaDescription: `Aftermarket accessories and car care at ${site.name}: protection, towing, tinting and more.`,
    body: [
      lede(
        site,
        `Make your vehicle your own. Our accessories team fits quality aftermarket products, from paint and fabric protection to towing and window tinting.`,
        `Protect it. Upgrade it. Make it yours.`,
      ),
      html`<h2>Popular options</h2>
        <ul>
          <li>Paint, interior and fabric protection</li>
          <li>Window tinting</li>
          <li>Tow bars and roof racks</li>
          <li>Dash cameras and electronics</li>
        </ul>
        <p>For a quote, ${contactSentence(site)}.</p>`,
    ].join(""),
  }),

  "vehicle-parts-and-accessories": (site) => ({
    title: "Parts and Accessories",
    metaDescription: `Genuine parts and accessories from ${site.name}${where(site)}.`,
    body: lede(
      site,
      `Our parts team supplies genuine parts and accessories, made for your vehicle and backed by the manufacturer's warranty. Search our parts below or ask the team for anything you cannot find.`,
      `Genuine parts. Right fit. First time.`,
    ),
  }),

  "our-history": (site) => ({
    title: "Our History",
    metaDescription: `The story of ${site.name}, decade by decade.`,
    body: lede(
      site,
      `From a small yard to the business we are today, here is our story, decade by decade.`,
      `Decades on the road. Here is how we got here.`,
    ),
  }),

  news: (site) => ({
    title: "News",
    metaDescription: `News, events and offers from ${site.name}.`,
    body: lede(
      site,
      `The latest news, events and offers from our team.`,
      `What's new at ${site.name}.`,
    ),
  }),
};

/** The default page for a slug, or null when the platform has no default for it. */
export function defaultPage(slug: string, site: DefaultSiteFacts): DefaultPage | null {
  const build = PAGES[slug];
  if (!build) return null;
  const page = build(site);
  // In the site's spelling (enquiry/inquiry, centre/center...).
  return {
    title: localiseText(page.title, site.locale),
    metaDescription: localiseText(page.metaDescription, site.locale),
    body: localiseText(page.body, site.locale),
  };
}

export { HISTORY_DECADES };
export type HistoryDecade = (typeof HISTORY_DECADES)[number];

const DECADE_DEFAULTS: Record<HistoryDecade, string> = {
  "1950s":
    "Post-war optimism puts families on the road, and the first dealerships open their doors.",
  "1960s":
    "Motoring becomes part of everyday life: new models every year and the first service bays.",
  "1970s": "Fuel crises bring smaller, more efficient cars and a new focus on reliability.",
  "1980s": "Electronic fuel injection, better safety and the first computerised workshop tools.",
  "1990s":
    "Airbags and ABS become standard, and customers start to research vehicles before they visit.",
  "2000s": "Dealers go online: stock listed on the web and enquiries by e-mail.",
  "2010s": "Hybrids, smartphones in the dashboard, and finance approved in hours instead of days.",
  "2020s": "Electric vehicles arrive in numbers, and buying online from home becomes normal.",
};

/** Default text of one decade tab (a site's own 'history-{decade}' page replaces it). */
export function defaultDecade(decade: HistoryDecade, site: DefaultSiteFacts): string {
  return localiseText(
    html`<p>${DECADE_DEFAULTS[decade]}</p>
      <p>${site.name} has grown with the industry, and with our customers${where(site)}.</p>`,
    site.locale,
  );
}
