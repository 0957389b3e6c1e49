import type { ComponentProps } from "react";
import { classifyLink, resolveSiteLink } from "~/domain/links";
import { useSite } from "~/app/lib/site";

type SiteLinkProps = Omit<ComponentProps<"a">, "href"> & {
  href: string;
  /**
   * false: an own path in an APP_LINKS block whose page marks the same link elsewhere (the phone
   * menu repeats the header row's links): no `data-discover` of its own.
   */
  discover?: boolean;
};

/**
 * A link as the link rules of docs/product/search-and-urls.md want it: the site's own paths
 * navigate in the app, tel:, mailto: and maps links are plain links, other external links open in a
 * new tab. The site's own links are plain anchors marked `data-discover`, which lets React Router
 * learn their routes ahead of the click and AppLinkNavigation (in the root layout) turn them into
 * app navigation: one attribute for both.
 */
export function SiteLink({ href, children, discover = true, ...props }: SiteLinkProps) {
  const site = useSite();
  const url = resolveSiteLink(href, site.settings);
  const kind = classifyLink(url);
  if (kind === "internal") {
    return (
      <a href={url} data-discover={discover ? "true" : undefined} {...props}>
        {children}
      </a>
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
