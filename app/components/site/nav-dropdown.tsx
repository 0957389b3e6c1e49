import { useEffect, useId, useRef, useState } from "react";
import type { NavigationItem } from "~/domain/site-settings";
import { localiseText } from "~/domain/locale";
import { cn } from "~/app/lib/cn";
import { useSite } from "~/app/lib/site";
import { SiteLink } from "./site-link";

/**
 * A header dropdown as a disclosure: a button that shows a list of links. The links are in the
 * server HTML (crawlable, usable before hydration via :focus-within); Enter, Space and
 * ArrowDown open it, Escape closes it and returns focus, and a tap toggles it on touch screens.
 */
export function NavDropdown({
  item,
  nameSuffix,
  alignEnd = false,
  childClassNames,
  className,
  menuItem = false,
}: {
  item: NavigationItem;
  /** Words only screen readers hear after the name ('More' + ' pages'). */
  nameSuffix?: string;
  /** Open the list from the button's right edge (the row's last item). */
  alignEnd?: boolean;
  /** A class for each of `item.dropdownItems`, by index (the breakpoints an overflow shows at). */
  childClassNames?: readonly string[];
  className?: string;
  /** One of the menu's own items (not 'More'): the header counts these when it measures the row. */
  menuItem?: boolean;
}) {
  const { locale } = useSite();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  // The links shown: 'More' holds some only at the widths where the row cannot.
  const visibleLinks = () =>
    [...(root.current?.querySelectorAll<HTMLAnchorElement>("ul a") ?? [])].filter(
      (link) => link.getClientRects().length > 0,
    );

  const focusItem = (index: number) => {
    const links = visibleLinks();
    if (!links.length) return;
    links[(index + links.length) % links.length]?.focus();
  };

  return (
    <li
      ref={root}
      className={cn("group relative", className)}
      data-menu-item={menuItem || undefined}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
        if (!open) return;
        const links = visibleLinks();
        const index = links.indexOf(document.activeElement as HTMLAnchorElement);
        if (event.key === "ArrowDown") {
          event.preventDefault();
          focusItem(index + 1);
        } else if (event.key === "ArrowUp") {
          event.preventDefault();
          focusItem(index - 1);
        }
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        // The template's look and the chevron are the component class's (app/app.css, `.nav-link`).
        className="nav-link"
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
            requestAnimationFrame(() => focusItem(0));
          }
        }}
      >
        <span>{localiseText(item.name, locale)}</span>
        {nameSuffix && <span className="sr-only">{nameSuffix}</span>}
        {/* The chevron is the button's ::after (app/app.css, `.nav-link`). */}
      </button>
      <ul
        id={id}
        className={cn("nav-dropdown", alignEnd ? "right-0" : "left-0", open ? "block" : "hidden")}
      >
        {item.dropdownItems?.map((child, index) => (
          <li key={`${child.name}-${child.url}`} className={childClassNames?.[index] || undefined}>
            <SiteLink href={child.url} onClick={() => setOpen(false)}>
              {localiseText(child.name, locale)}
            </SiteLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
