import { GarageCount } from "~/app/components/garage/garage-count";
import { useState } from "react";
import { useHydrated } from "~/app/lib/use-hydrated";
import { localiseText } from "~/domain/locale";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { groupNameIsLink, headerMenu, MORE_ITEM_NAME } from "./header-menu";
import { NavDropdown } from "./nav-dropdown";
import { SiteLink } from "./site-link";
import { APP_LINK } from "~/app/components/site/app-links";

/**
 * Header of every page: logo, 'Value My Car' / 'Book a Service', the phone number, and the site's
 * navigation on one row below them (overflow under 'More'); on phones a 'Menu' disclosure.
 */
export function SiteHeader() {
  const site = useSite();
  const t = useTemplate();
  const hydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const phone = site.contactDetails.phone;
  const label = (name: string) => localiseText(name, site.locale);
  const tel = phone ? `tel:${phone.replace(/[^\d+]/g, "")}` : null;
  // Templates without a top bar (bold) carry the phone number in the header row itself: a
  // dealer's number is in every header, on every screen.
  const phoneInRow = tel !== null && !t.topBar;

  // The menu on one row: what does not fit at a breakpoint shows under 'More' there instead.
  const menu = headerMenu(site.navigation.header);
  const overflow = menu.items.flatMap((item, i) => {
    if (i < menu.fit.lg) return [];
    const className = i < menu.fit.xl ? "xl:hidden" : "";
    const entries = [item, ...(item.dropdownItems ?? [])].filter(
      (entry, j) => j > 0 || groupNameIsLink(item),
    );
    return entries.map((entry) => ({ entry, className }));
  });
  const moreItems = [...overflow.map((o) => o.entry), ...menu.more];
  const moreClassNames = [...overflow.map((o) => o.className), ...menu.more.map(() => "")];

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

  const menuPlace = cn("lg:hidden", !phoneInRow && "ml-auto md:ml-0");
  const menuToggle =
    "flex min-h-11 cursor-pointer items-center rounded-site border px-3 text-sm font-semibold";
  const mobileNav = (
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      className="absolute inset-x-0 top-full z-50 max-h-[80vh] overflow-y-auto border-t border-slate-200 bg-white text-slate-900 shadow-lg"
    >
      <ul className="mx-auto max-w-7xl px-4 py-2">
        {site.navigation.header.map((item) => (
          <li key={item.name} className="border-b border-slate-100 py-1">
            {item.dropdownItems?.length ? (
              // A group's name heads its links, as the desktop dropdown's button does.
              <p className="py-2 font-semibold">{label(item.name)}</p>
            ) : (
              <SiteLink href={item.url} className="block py-2 font-semibold" onClick={closeMenu}>
                {label(item.name)}
              </SiteLink>
            )}
            {item.dropdownItems?.length ? (
              <ul className="pb-2 pl-4">
                {item.dropdownItems.map((child) => (
                  <li key={child.name}>
                    <SiteLink href={child.url} className="block py-1.5 text-sm" onClick={closeMenu}>
                      {label(child.name)}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
        {site.settings.garageEnabled && (
          <li className="py-1 sm:hidden">
            <GarageCount inMenu onClick={closeMenu} />
          </li>
        )}
      </ul>
      <div className="flex gap-2 px-4 pb-4 md:hidden">{actions}</div>
    </nav>
  );

  return (
    <header className={cn("relative", t.header)}>
      {t.topBar && (
        <div className={cn("text-sm", t.topBar)}>
          <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-1.5">
            <span>
              {site.city}
              {site.state ? `, ${site.state}` : ""}
            </span>
            {tel && (
              <a href={tel} className="font-semibold">
                Call {phone}
              </a>
            )}
          </div>
        </div>
      )}
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 sm:gap-4">
        <a {...APP_LINK} href="/" className="shrink-0" aria-label={`${site.name} home`}>
          {site.logo ? (
            <img src={site.logo.url} alt="" width={160} height={48} className="h-10 w-auto" />
          ) : (
            <span className="text-xl font-bold">{site.name}</span>
          )}
        </a>
        {phoneInRow && (
          <a href={tel} className="ml-auto shrink-0 text-sm font-semibold whitespace-nowrap">
            <span className="max-sm:sr-only">Call </span>
            {phone}
          </a>
        )}
        <div className={cn("hidden items-center gap-2 md:flex", !phoneInRow && "ml-auto")}>
          {actions}
        </div>
        <GarageCount />
        {hydrated ? (
          <div className={menuPlace}>
            <button
              type="button"
              className={menuToggle}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((v) => !v)}
            >
              Menu
            </button>
            {menuOpen && mobileNav}
          </div>
        ) : (
          // Before (or without) JavaScript the same menu is a disclosure the browser opens.
          <details className={menuPlace}>
            <summary className={cn(menuToggle, "list-none [&::-webkit-details-marker]:hidden")}>
              Menu
            </summary>
            {mobileNav}
          </details>
        )}
      </div>
      <nav aria-label="Main" className={cn("hidden lg:block", t.menuRow)}>
        <ul className="mx-auto flex max-w-7xl flex-nowrap items-center px-4 whitespace-nowrap">
          {menu.items.map((item, i) => {
            const shownFrom = i < menu.fit.lg ? "" : i < menu.fit.xl ? "hidden xl:block" : "hidden";
            return item.dropdownItems?.length ? (
              <NavDropdown
                key={item.name}
                item={item}
                linkClassName={t.navLink}
                className={shownFrom}
              />
            ) : (
              <li key={item.name} className={shownFrom}>
                <SiteLink href={item.url} className={cn("block px-3 py-2", t.navLink)}>
                  {label(item.name)}
                </SiteLink>
              </li>
            );
          })}
          {moreItems.length > 0 && (
            <NavDropdown
              item={{ name: MORE_ITEM_NAME, url: menu.moreUrl ?? "", dropdownItems: moreItems }}
              nameSuffix=" pages"
              linkClassName={t.navLink}
              className="ml-auto"
              alignEnd
              childClassNames={moreClassNames}
            />
          )}
        </ul>
      </nav>
    </header>
  );
}
