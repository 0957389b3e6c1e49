import { GarageCount } from "~/app/components/garage/garage-count";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useHydrated } from "~/app/lib/use-hydrated";
import { localiseText } from "~/domain/locale";
import { cn } from "~/app/lib/cn";
import { headerNavigation, useSite, useTemplate } from "~/app/lib/site";
import { groupNameIsLink, headerMenu, MORE_ITEM_NAME } from "./header-menu";
import { NavDropdown } from "./nav-dropdown";
import { SiteLink } from "./site-link";
import { APP_LINK, APP_LINKS } from "~/app/components/site/app-links";

const ACTION_LABELS = ["Value My Car", "Book a Service"] as const;

// The server renders before layout effects exist; there the effect is no more than a no-op.
const useIsoLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * Header of every page on one row: logo, the site's navigation (what does not fit under
 * 'More'), the phone number, 'Value My Car' / 'Book a Service' and the garage link; below 1024 px
 * the navigation is a 'Menu' disclosure instead.
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

  // The menu in the row: what does not fit at a breakpoint shows under 'More' there instead.
  const navigation = headerNavigation(site);
  const menu = headerMenu(navigation, {
    logoText: site.logo ? null : site.name,
    phone: phoneInRow ? phone : null,
    actions: ACTION_LABELS,
    garage: site.settings.garageEnabled,
    uppercase: t.capitals,
  });
  // In the browser: how many items the row holds as measured, when fewer than estimated.
  const [shownLimit, setShownLimit] = useState<number | null>(null);
  const [measured, setMeasured] = useState(0);
  const menuList = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = menuList.current;
    if (!list || typeof ResizeObserver === "undefined") return;
    let width = list.clientWidth;
    const observer = new ResizeObserver(() => {
      if (list.clientWidth === width) return;
      width = list.clientWidth;
      // A new width: back to the estimate, then measured again below.
      setShownLimit(null);
      setMeasured((n) => n + 1);
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);
  useIsoLayoutEffect(() => {
    const list = menuList.current;
    if (!list || list.clientWidth === 0 || list.scrollWidth <= list.clientWidth) return;
    // The labels are wider than estimated: one more item moves into 'More' (the items stay put,
    // and 'More' keeps its place at the row's end, so nothing shifts).
    const shown = [...list.querySelectorAll(":scope > [data-menu-item]")].filter(
      (li) => li.getClientRects().length > 0,
    ).length;
    if (shown > 0) setShownLimit(shown - 1);
  }, [shownLimit, measured]);

  const inRow = (i: number) =>
    shownLimit === null
      ? i < menu.fit.lg
        ? ""
        : i < menu.fit.xl
          ? "hidden xl:block"
          : "hidden"
      : i < shownLimit
        ? ""
        : "hidden";
  const inMore = (i: number) =>
    shownLimit === null ? (i < menu.fit.xl ? "xl:hidden" : "") : i < shownLimit ? "hidden" : "";
  const overflow = menu.items.flatMap((item, i) => {
    if (i < (shownLimit === null ? menu.fit.lg : Math.min(shownLimit, menu.fit.lg))) return [];
    const entries = [item, ...(item.dropdownItems ?? [])].filter(
      (entry, j) => j > 0 || groupNameIsLink(item),
    );
    return entries.map((entry) => ({ entry, className: inMore(i) }));
  });
  const moreItems = [...overflow.map((o) => o.entry), ...menu.more];
  const moreClassNames = [...overflow.map((o) => o.className), ...menu.more.map(() => "")];

  // The template's buttons (`btn`, `btn-outline`), sized by `header-action` (app/app.css).
  // 'Book a Service' joins the row from 768 px, 'Value My Car' from 1024 px; the phone menu
  // carries whichever the row does not.
  const actions = (inMenu: boolean) => (
    <>
      <SiteLink
        href="/sell-my-car"
        className={cn("header-action btn-outline", inMenu ? "lg:hidden" : "max-lg:hidden")}
        discover={!inMenu}
      >
        {ACTION_LABELS[0]}
      </SiteLink>
      <SiteLink
        href="/service"
        className={cn("header-action btn", inMenu ? "md:hidden" : "max-md:hidden")}
        discover={!inMenu}
      >
        {ACTION_LABELS[1]}
      </SiteLink>
    </>
  );

  const menuPlace = cn("lg:hidden", !phoneInRow && "ml-auto md:ml-0");
  // The 'Menu' button's (and before JavaScript its summary's) look: `menu-toggle` (app/app.css).
  const menuToggle = "menu-toggle";
  const mobileNav = (
    // Every link here is also in the row or its dropdowns, marked for route discovery there: here
    // the block's attribute makes them navigate in the app (app-links.tsx).
    <nav id="mobile-menu" aria-label="Mobile" className="mobile-menu" {...APP_LINKS}>
      {/* Its items' look is the `mobile-menu` component class (app/app.css): every page has them. */}
      <ul>
        {navigation.map((item) => (
          <li key={item.name}>
            {item.dropdownItems?.length ? (
              // A group's name heads its links, as the desktop dropdown's button does.
              <p>{label(item.name)}</p>
            ) : (
              <SiteLink href={item.url} onClick={closeMenu} discover={false}>
                {label(item.name)}
              </SiteLink>
            )}
            {item.dropdownItems?.length ? (
              <ul>
                {item.dropdownItems.map((child) => (
                  <li key={child.name}>
                    <SiteLink href={child.url} onClick={closeMenu} discover={false}>
                      {label(child.name)}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
        {site.settings.garageEnabled && (
          <li className="border-0 sm:hidden">
            <GarageCount inMenu onClick={closeMenu} />
          </li>
        )}
      </ul>
      <div className="flex gap-2 px-4 pb-4 lg:hidden">{actions(true)}</div>
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
            <img
              src={site.logo.url}
              alt=""
              width={160}
              height={48}
              className="h-10 w-40 object-contain object-left"
            />
          ) : (
            <span className="block max-w-48 text-xl leading-tight font-bold">{site.name}</span>
          )}
        </a>
        <nav aria-label="Main" className="hidden min-w-0 flex-1 lg:block">
          <ul ref={menuList} className="flex flex-nowrap items-center whitespace-nowrap">
            {/* An item past what the row holds from xl is never shown in it, even once measured
                (a measured row holds fewer): it is only under 'More' and in the phone menu. */}
            {menu.items.slice(0, menu.fit.xl).map((item, i) => {
              const shownFrom = inRow(i);
              return item.dropdownItems?.length ? (
                <NavDropdown key={item.name} item={item} className={shownFrom} menuItem />
              ) : (
                <li key={item.name} className={shownFrom || undefined} data-menu-item>
                  <SiteLink href={item.url} className="nav-link">
                    {label(item.name)}
                  </SiteLink>
                </li>
              );
            })}
            {moreItems.length > 0 && (
              <NavDropdown
                item={{ name: MORE_ITEM_NAME, url: menu.moreUrl ?? "", dropdownItems: moreItems }}
                nameSuffix=" pages"
                className="ml-auto"
                alignEnd
                childClassNames={moreClassNames}
              />
            )}
          </ul>
        </nav>
        {phoneInRow && (
          <a
            href={tel}
            className="ml-auto shrink-0 text-sm font-semibold whitespace-nowrap lg:ml-0"
          >
            <span className="max-xl:sr-only">Call </span>
            {phone}
          </a>
        )}
        <div
          className={cn(
            "hidden shrink-0 items-center gap-2 md:flex",
            !phoneInRow && "ml-auto lg:ml-0",
          )}
        >
          {actions(false)}
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
            <summary className={menuToggle}>Menu</summary>
            {mobileNav}
          </details>
        )}
      </div>
    </header>
  );
}
