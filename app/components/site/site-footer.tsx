import { cleanContactLinkName } from "~/domain/links";
import { localiseText, term } from "~/domain/locale";
import { cn } from "~/app/lib/cn";
import { footerNavigation, useSite, useTemplate } from "~/app/lib/site";
import { SiteLink } from "./site-link";

const SOCIAL_LABELS: Record<string, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  x: "X",
};

/**
 * Footer groups (Search Stock, Buyer Tools, Servicing & Parts, Company) and social links. Headings
 * and link lists are component classes (app/app.css): the template's heading follows the
 * `data-template` attribute of <html>, a link's underline on hover is its list's.
 */
export function SiteFooter() {
  const site = useSite();
  const t = useTemplate();
  const year = new Date().getFullYear();
  return (
    <footer className={cn("mt-16", t.footer)}>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        {footerNavigation(site).map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="footer-heading">{group.title}</h2>
            <ul className="footer-links">
              {group.items.map((item) => (
                <li key={`${item.name}-${item.url}`}>
                  <SiteLink href={item.url}>
                    {localiseText(cleanContactLinkName(item.name), site.locale)}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="footer-heading">{site.name}</h2>
          <p className="mb-3 text-sm">
            <SiteLink href="/contact" className="font-semibold underline">
              {`Send us an ${term(site.locale, "enquiry").toLowerCase()}`}
            </SiteLink>
          </p>
          <address className="footer-links not-italic">
            {site.contactDetails.phone && (
              <p>
                <a href={`tel:${site.contactDetails.phone.replace(/[^\d+]/g, "")}`}>
                  {site.contactDetails.phone}
                </a>
              </p>
            )}
            {site.contactDetails.email && (
              <p>
                <a
                  href={`mailto:${site.contactDetails.email}`}
                  className="[overflow-wrap:anywhere]"
                >
                  {site.contactDetails.email}
                </a>
              </p>
            )}
          </address>
          {site.navigation.social.length > 0 && (
            <ul className="footer-social" aria-label="Social media">
              {site.navigation.social.map((s) => (
                <li key={s.network}>
                  <SiteLink href={s.url}>{SOCIAL_LABELS[s.network] ?? s.network}</SiteLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="border-t border-current/10">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs">
          © {year} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
