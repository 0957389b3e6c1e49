/**
 * A site as the app renders it: the row, its validated settings, and the few related records
 * every page needs (manufacturer, dealerships, group). Safe to send to the browser: it holds
 * the public search key only.
 */
import type { Locale, Navigation, SiteSettings, Template } from "~/domain/site-settings";

export type SiteDealership = {
  id: number;
  name: string;
  slug: string;
  reviewCount: number;
  averageRating: number | null;
  manufacturers: string[];
  paymentPublishableKey: string | null;
};

export type Site = {
  id: number;
  slug: string;
  name: string;
  template: Template;
  locale: Locale;
  url: string | null;
  domainName: string | null;
  logo: { url: string; thumb: string | null; banner: string | null } | null;
  city: string | null;
  state: string | null;
  dealershipGroup: { id: number; name: string; slug: string } | null;
  /** Primary dealership. */
  dealershipId: number | null;
  dealerships: SiteDealership[];
  manufacturer: { id: number; name: string; slug: string } | null;
  searchKey: string;
  navigation: Navigation;
  contactDetails: { phone: string | null; email: string | null; address: string | null };
  settings: SiteSettings;
  /** Changes whenever settings, content or stock change: part of page cache keys. */
  version: number;
};
