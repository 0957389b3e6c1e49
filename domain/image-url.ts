/**
 * Image URLs through the image CDN template (docs/product/vehicle-card-and-page.md, "Images"):
 * widths 640 to 3840 (1280 at most for card images), quality 75 by default or the site's value.
 */
import type { SiteSettings } from "./site-settings";

/** The widths the CDN is asked for. */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1280, 1920, 2048, 3840] as const;
export const MIN_IMAGE_WIDTH = 640;
export const MAX_IMAGE_WIDTH = 3840;
/** The one helper capped lower: card and thumbnail images. */
export const CARD_IMAGE_MAX_WIDTH = 1280;

/** The built-in resizer, used when the site names no CDN template. */
export const BUILT_IN_IMAGE_TEMPLATE = "/media/image?url={url}&w={width}&q={quality}";

/**
 * The built-in resizer's short form for one of the site's own images (a plain path):
 * `/media/image/{width}q{quality}{path}`, e.g. `/media/image/640q75/media/vehicle/suv/red/side.jpg`
 * (the query form, `/media/image?url=&w=&q=`, which still works, needs 30 more characters, repeated in every width of every srcset). Paths with
 * a query, `//`, dot segments or characters a srcset cannot hold keep the query form.
 */
const COMPACT_PATH = /^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)+$/;

/** Widths of a card image's srcset: 1x and 2x of a card in the grid, and a phone's full width. */
export const CARD_IMAGE_WIDTHS = [640, 828, 1280] as const;

type ImageSettings = Pick<SiteSettings, "imageCdnTemplate" | "imageQuality">;

/** The smallest allowed width that covers the wanted one, within 640..maxWidth. */
export function imageWidthFor(wanted: number, maxWidth: number = MAX_IMAGE_WIDTH): number {
  let largest: number = MIN_IMAGE_WIDTH;
  for (const w of IMAGE_WIDTHS) {
    if (w > maxWidth) break;
    if (w >= wanted) return w;
    largest = w;
  }
  return largest;
}

/** Sources that are not resized: vector images and inline data. */
function isPassThrough(src: string): boolean {
  return src.startsWith("data:") || /\.svg(?:[?#]|$)/i.test(src);
}

/**
 * A template split once at its placeholders: pages build some hundred image URLs per render
 * (a srcset of six widths per card), each the same as replacing `{url}`, `{width}` and
 * `{quality}` in turn (the encoded URL and the numbers hold no braces, so no placeholder can
 * appear from a replacement).
 */
type CompiledTemplate = readonly (string | "{url}" | "{width}" | "{quality}")[];
const PLACEHOLDER = /(\{url\}|\{width\}|\{quality\})/;
const compiledTemplates = new Map<string, CompiledTemplate>();

function compile(template: string): CompiledTemplate {
  let compiled = compiledTemplates.get(template);
  if (!compiled) {
    // Templates are a site setting: a handful per process; bounded all the same.
    if (compiledTemplates.size >= 1000) compiledTemplates.clear();
    compiled = template.split(PLACEHOLDER);
    compiledTemplates.set(template, compiled);
  }
  return compiled;
}

/** Fills a compiled template; odd positions are placeholders (split keeps its captures there). */
function fill(
  compiled: CompiledTemplate,
  encodedSrc: string,
  width: number,
  quality: number,
): string {
  let out = compiled[0]!;
  for (let i = 1; i < compiled.length; i += 2) {
    const part = compiled[i];
    out += part === "{url}" ? encodedSrc : part === "{width}" ? String(width) : String(quality);
    out += compiled[i + 1]!;
  }
  return out;
}

/** The site's own image through the built-in resizer, in its short form. */
function usesCompactPath(src: string, settings: ImageSettings): boolean {
  return settings.imageCdnTemplate == null && COMPACT_PATH.test(src);
}

/** The URL of an image at a width through the site's template. */
export function imageUrl(
  src: string,
  width: number,
  settings: ImageSettings,
  maxWidth: number = MAX_IMAGE_WIDTH,
): string {
  if (src === "" || isPassThrough(src)) return src;
  const resized = imageWidthFor(width, maxWidth);
  if (usesCompactPath(src, settings))
    return `/media/image/${resized}q${settings.imageQuality}${src}`;
  return fill(
    compile(settings.imageCdnTemplate ?? BUILT_IN_IMAGE_TEMPLATE),
    encodeURIComponent(src),
    resized,
    settings.imageQuality,
  );
}

/** A srcset of every allowed width up to maxWidth, or of the given widths. */
export function imageSrcSet(
  src: string,
  settings: ImageSettings,
  maxWidth: number = MAX_IMAGE_WIDTH,
  widths: readonly number[] = IMAGE_WIDTHS,
): string {
  if (src === "" || isPassThrough(src)) return "";
  const compact = usesCompactPath(src, settings);
  const compiled = compile(settings.imageCdnTemplate ?? BUILT_IN_IMAGE_TEMPLATE);
  const encoded = compact ? src : encodeURIComponent(src);
  let out = "";
  for (const w of widths) {
    if (w > maxWidth) continue;
    const resized = imageWidthFor(w, maxWidth);
    const url = compact
      ? `/media/image/${resized}q${settings.imageQuality}${src}`
      : fill(compiled, encoded, resized, settings.imageQuality);
    out += `${out === "" ? "" : ", "}${url} ${w}w`;
  }
  return out;
}

/** The card image helper: never wider than 1280. */
export function cardImageUrl(src: string, width: number, settings: ImageSettings): string {
  return imageUrl(src, width, settings, CARD_IMAGE_MAX_WIDTH);
}
