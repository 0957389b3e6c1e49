/**
 * Templates: the layout and theme tokens a site chooses with its `template` field.
 * Colours come from the site's theme settings; a template decides shape and arrangement.
 */
import type { Template } from "~/domain/site-settings";

export type TemplateTokens = {
  /** Header bar around logo and navigation. */
  header: string;
  /** Links of the main navigation. */
  navLink: string;
  /** Menu links and buttons are set in letter-spaced capitals (wider: the header fits fewer). */
  capitals: boolean;
  /** Strip above the header with phone and buttons (classic) or none (bold). */
  topBar: string | null;
  footer: string;
  footerHeading: string;
  button: string;
  buttonOutline: string;
  heading: string;
};

export const TEMPLATE_TOKENS: Record<Template, TemplateTokens> = {
  classic: {
    header: "bg-white text-slate-900 border-b border-slate-200",
    navLink: "text-slate-800 hover:text-brand",
    capitals: false,
    topBar: "bg-brand text-brand-foreground",
    footer: "bg-slate-100 text-slate-700",
    footerHeading: "text-slate-900 font-semibold",
    button: "rounded-site bg-brand text-brand-foreground hover:opacity-90",
    buttonOutline:
      "rounded-site border border-brand text-brand hover:bg-brand hover:text-brand-foreground",
    heading: "font-semibold text-slate-900",
  },
  bold: {
    header: "bg-brand text-brand-foreground",
    navLink: "text-brand-foreground uppercase tracking-wide text-sm font-semibold hover:underline",
    capitals: true,
    topBar: null,
    footer: "bg-slate-950 text-slate-300",
    footerHeading: "text-white uppercase tracking-wide font-bold",
    button: "rounded-site bg-accent text-accent-foreground uppercase font-bold hover:opacity-90",
    buttonOutline: "rounded-site border-2 border-current uppercase font-bold hover:bg-white/10",
    heading: "font-extrabold uppercase text-slate-950",
  },
};
