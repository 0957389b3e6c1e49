import type { ComponentProps } from "react";
import { Link } from "react-router";
import { classifyLink, resolveSiteLink } from "../../../domain/links";
import { useSite } from "~/lib/site";

type SiteLinkProps = Omit<ComponentProps<"a">, "href"> & { href: string };

/**
 * A link as SPEC.md's link rules want it: the site's own paths navigate in the app, tel:,
 * mailto: and maps links are plain links, other external links open in a new tab.
 */
export function SiteLink({ href, children, ...props }: SiteLinkProps) {
  const site = useSite();
  const url = resolveSiteLink(href, site.settings);
  const kind = classifyLink(url);
  if (kind === "internal") {
    return (
      <Link to={url} prefetch="intent" {...props}>
        {children}
      </Link>
    );
  }
  if (kind === "external") {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" {...props}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <a href={url} {...props}>
      {children}
    </a>
  );
}
