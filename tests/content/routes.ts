import { SITE_PAGES } from "~/domain/site-pages";

/** Every page the content layer serves at a fixed path, as a visitor reaches it (shared by tests). */
export const CONTENT_ROUTES: readonly string[] = [
  "/",
  ...SITE_PAGES.filter((page) => page.listing !== "alias").map((page) => page.path),
];
