import { useState } from "react";
import { localiseText } from "~/domain/locale";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { NavDropdown } from "./nav-dropdown";
import { SiteLink } from "./site-link";
import { APP_LINK } from "~/app/components/site/app-links";

/** Header of every page: logo, the site's navigation, and 'Value My Car' / 'Book a Service'. */
export function SiteHeader() {
  const site = useSite();
  const t = useTemplate();
  const [menuOpen, setMenuOpen] = useState(false);
  const phone = site.contactDetails.phone;
  const label = (name: string) => localiseText(name, site.locale);

  const actions = (
    <>
      <SiteLink
        href="/sell-my-car"
        className={cn("px-4 py-2 text-sm font-semibold", t.buttonOutline)}
      >
        Value My Car
      </SiteLink>
      <SiteLink href="/service" className={cn("px-4 py-2 text-sm font-semibold", t.button)}>
        Book a Service
      </SiteLink>
    </>
  );

  return (
    <header className={t.header}>
      {t.topBar && (
        <div className={cn("text-sm", t.topBar)}>
          <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-1.5">
            <span>
              {site.city}
              {site.state ? `, ${site.state}` : ""}
            </span>
            {phone && (
              <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="font-semibold">
                Call {phone}
              </a>
            )}
          </div>
        </div>
      )}
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
        <a {...APP_LINK} href="/" className="shrink-0" aria-label={`${site.name} home`}>
          {site.logo ? (
            <img src={site.logo.url} alt="" width={160} height={48} className="h-10 w-auto" />
          ) : (
            <span className="text-xl font-bold">{site.name}</span>
          )}
        </a>
        <nav aria-label="Main" className="hidden flex-1 lg:block">
          <ul className="flex flex-wrap items-center justify-center">
            {site.navigation.header.map((item) =>
              item.dropdownItems?.length ? (
                <NavDropdown key={item.name} item={item} linkClassName={t.navLink} />
              ) : (
                <li key={item.name}>
                  <SiteLink href={item.url} className={cn("block px-3 py-2", t.navLink)}>
                    {label(item.name)}
                  </SiteLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="ml-auto hidden items-center gap-2 md:flex">{actions}</div>
        <button
          type="button"
          className={cn(
            "ml-auto rounded-site border px-3 py-2 text-sm font-semibold lg:hidden md:ml-2",
          )}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((v) => !v)}
        >
          Menu
        </button>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        className={cn(
          "border-t border-slate-200 bg-white text-slate-900 lg:hidden",
          menuOpen ? "block" : "hidden",
        )}
      >
        <ul className="mx-auto max-w-7xl px-4 py-2">
          {site.navigation.header.map((item) => (
            <li key={item.name} className="border-b border-slate-100 py-1">
              <SiteLink
                href={item.url}
                className="block py-2 font-semibold"
                onClick={() => setMenuOpen(false)}
              >
                {label(item.name)}
              </SiteLink>
              {item.dropdownItems?.length ? (
                <ul className="pb-2 pl-4">
                  {item.dropdownItems.map((child) => (
                    <li key={child.name}>
                      <SiteLink
                        href={child.url}
                        className="block py-1.5 text-sm"
                        onClick={() => setMenuOpen(false)}
                      >
                        {label(child.name)}
                      </SiteLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        <div className="flex gap-2 px-4 pb-4 md:hidden">{actions}</div>
      </nav>
    </header>
  );
}
