import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BUILT_IN_IMAGE_TEMPLATE,
  CARD_IMAGE_WIDTHS,
  cardImageUrl,
  IMAGE_WIDTHS,
  imageSrcSet,
  imageUrl,
  imageWidthFor,
} from "./image-url";
import { defaultSiteSettings } from "./site-settings";

const settings = {
  ...defaultSiteSettings(),
  imageCdnTemplate: "https://cdn.example/{width}/{quality}/{url}",
};
const src = "https://images.example/car 1.jpg";

describe("Images (vehicle-card-and-page.md): widths 640 to 3840, quality 75 by default or the site's", () => {
  it("builds the template URL", () => {
    expect(imageUrl(src, 800, settings)).toBe(
      "https://cdn.example/828/75/https%3A%2F%2Fimages.example%2Fcar%201.jpg",
    );
    expect(imageUrl(src, 800, { ...settings, imageQuality: 60 })).toContain("/828/60/");
  });

  it("widths are clamped to 640..3840, and to 1280 for the card helper", () => {
    expect(imageWidthFor(10)).toBe(640);
    expect(imageWidthFor(5000)).toBe(3840);
    expect(imageWidthFor(3000)).toBe(3840);
    expect(cardImageUrl(src, 2000, settings)).toContain("/1280/");
  });

  it("the built-in resizer is used without a template; SVG and data URLs pass through", () => {
    expect(imageUrl("https://images.example/a.jpg", 640, defaultSiteSettings())).toBe(
      "/media/image?url=https%3A%2F%2Fimages.example%2Fa.jpg&w=640&q=75",
    );
    expect(imageUrl("/media/vehicle/suv/red/1.svg", 640, settings)).toBe(
      "/media/vehicle/suv/red/1.svg",
    );
    expect(imageUrl("data:image/png;base64,xx", 640, settings)).toBe("data:image/png;base64,xx");
  });

  it("the site's own images (plain paths) take the resizer's short form; others its query form", () => {
    const own = defaultSiteSettings();
    expect(imageUrl("/media/vehicle/suv/red/side.jpg", 800, own)).toBe(
      "/media/image/828q75/media/vehicle/suv/red/side.jpg",
    );
    expect(imageUrl("/a.jpg", 640, { ...own, imageQuality: 60 })).toBe("/media/image/640q60/a.jpg");
    for (const path of [
      "/a b.jpg",
      "/a.jpg?v=2",
      "//host/a.jpg",
      "/x/../a.jpg",
      "/a,b.jpg",
      "a.jpg",
    ])
      expect(imageUrl(path, 640, own)).toBe(
        `/media/image?url=${encodeURIComponent(path)}&w=640&q=75`,
      );
    // A site's CDN template is used as it is.
    expect(imageUrl("/a.jpg", 640, settings)).toBe("https://cdn.example/640/75/%2Fa.jpg");
  });

  it("a srcset lists every width up to the maximum", () => {
    expect(
      imageSrcSet(src, settings, 1280)
        .split(", ")
        .map((s) => s.split(" ")[1]),
    ).toEqual(["640w", "750w", "828w", "1080w", "1200w", "1280w"]);
    expect(imageSrcSet("/a.jpg", defaultSiteSettings(), 1280, CARD_IMAGE_WIDTHS)).toBe(
      "/media/image/640q75/a.jpg 640w, /media/image/828q75/a.jpg 828w, /media/image/1280q75/a.jpg 1280w",
    );
  });

  it("the chosen width covers the wanted one unless it exceeds the cap, and stays within bounds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6000 }), fc.constantFrom(1280, 3840), (wanted, cap) => {
        const width = imageWidthFor(wanted, cap);
        expect(width).toBeGreaterThanOrEqual(640);
        expect(width).toBeLessThanOrEqual(cap);
        if (wanted <= cap) expect(width).toBeGreaterThanOrEqual(wanted);
      }),
    );
  });

  it("fills the template as replacing each placeholder in turn would, for any source and template", () => {
    const byReplacing = (source: string, width: number, template: string, quality: number) =>
      template
        .replaceAll("{url}", encodeURIComponent(source))
        .replaceAll("{width}", String(width))
        .replaceAll("{quality}", String(quality));
    const template = fc.oneof(
      fc.constantFrom(
        BUILT_IN_IMAGE_TEMPLATE,
        "https://cdn.example/{width}/{quality}/{url}",
        "https://cdn.example/{url}?w={width}&w2={width}",
        "https://cdn.example/static.jpg",
      ),
      fc
        .array(fc.constantFrom("{url}", "{width}", "{quality}", "{", "}", "/", "x", "?q="), {
          maxLength: 8,
        })
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => !s.startsWith("data:") && !/\.svg/i.test(s)),
        fc.integer({ min: 1, max: 5000 }),
        template,
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom(1280, 3840, 500),
        (source, wanted, imageCdnTemplate, imageQuality, cap) => {
          const site = { ...settings, imageCdnTemplate, imageQuality };
          expect(imageUrl(source, wanted, site, cap)).toBe(
            byReplacing(source, imageWidthFor(wanted, cap), imageCdnTemplate, imageQuality),
          );
          expect(imageSrcSet(source, site, cap)).toBe(
            IMAGE_WIDTHS.filter((w) => w <= cap)
              .map((w) => `${byReplacing(source, w, imageCdnTemplate, imageQuality)} ${w}w`)
              .join(", "),
          );
        },
      ),
    );
  });

  it("picks the width as the smallest allowed one that covers it, else the largest allowed", () => {
    for (const cap of [500, 640, 1000, 1280, 3840])
      for (const wanted of [1, 640, 641, 1200, 1281, 3000, 5000]) {
        const allowed = IMAGE_WIDTHS.filter((w) => w <= cap);
        expect(imageWidthFor(wanted, cap)).toBe(
          allowed.find((w) => w >= wanted) ?? allowed.at(-1) ?? 640,
        );
      }
  });
});
