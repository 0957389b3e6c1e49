/**
 * The promotion over HTTP: the home page's server-rendered markup carries it as a banner in the
 * page (shown on phones, hidden from the md breakpoint up) and never as an open dialog, so it
 * moves nothing and covers nothing when the page's code starts; after its last day it is gone.
 * The back office sets when it opens on desktop, with a message a person can act on for a bad
 * value, and the site's defaults apply when left empty.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parsePromoPopupForm, savePromoPopup } from "~/server/admin/editors/site-editors";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { published } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
let harbour: Site;
const deps = () => ({ db: server.database.db, bus: server.bus });

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

const home = async () => (await fetchWithHost(server, "harbour-auto-group.localhost", "/")).body;

/** The popup saved from the form, once the registry shows it. */
async function saved(values: Record<string, string>) {
  const parsed = parsePromoPopupForm(form({ enabled: "on", visibleByDefault: "on", ...values }));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const version = harbour.version;
  expect((await savePromoPopup(deps(), harbour.id, parsed.value)).ok).toBe(true);
  harbour = await published(() => {
    const current = server.registry.byId(harbour.id);
    return current &&
      current.version > version &&
      current.settings.promoPopup?.title === values.title
      ? current
      : null;
  });
  return harbour.settings.promoPopup!;
}

const popupFields = {
  description: "Drive away pricing.",
  buttonText: "View Offers",
  link: "/special-offers",
  expiresAt: "2099-12-31",
};

beforeAll(async () => {
  server = await startTestServer();
  harbour = server.registry.all().find((s) => s.slug === "harbour-auto-group")!;
});

afterAll(async () => {
  await server?.close();
});

describe("the promotion", () => {
  it("is server-rendered as a labelled banner in the page for phones, never as an open dialog", async () => {
    const html = await home();
    const banner =
      /<section aria-labelledby="([^"]+)" data-promo-banner="" class="([^"]*)">([\s\S]*?)<\/section>/.exec(
        html,
      );
    expect(banner).not.toBeNull();
    const [, labelId, className, inner] = banner!;
    expect(className!.split(" ")).toContain("md:hidden");
    expect(inner).toContain(`id="${labelId}"`);
    expect(inner).toContain(">End of Year Sale<");
    expect(inner).toMatch(/href="\/special-offers"[^>]*>View Offers</);
    expect(inner).toContain('aria-label="Close this offer"');
    // At the top of the home page, before its first block.
    expect(html.indexOf("data-promo-banner")).toBeLessThan(html.indexOf("data-home-block"));
    expect(html).not.toMatch(/<dialog[\s>]/);
  });

  it("opens on desktop after the site's set time or scroll, with defaults when left empty", async () => {
    expect(harbour.settings.promoPopup).toMatchObject({
      openAfterSeconds: 20,
      openAfterScrollPercent: 30,
    });
    expect(
      parsePromoPopupForm(
        form({
          enabled: "on",
          title: "Sale",
          ...popupFields,
          openAfterSeconds: "0",
          openAfterScrollPercent: "150",
        }),
      ),
    ).toEqual({
      ok: false,
      errors: {
        openAfterSeconds: "Enter the seconds before it opens on desktop, 1 to 600.",
        openAfterScrollPercent:
          "Enter the share of the page scrolled that opens it, 0 to 100 (0: any scroll).",
      },
    });
    expect(
      parsePromoPopupForm(
        form({ enabled: "on", title: "Sale", ...popupFields, openAfterSeconds: "soon" }),
      ),
    ).toMatchObject({ ok: false, errors: { openAfterSeconds: expect.any(String) } });

    expect(
      await saved({
        title: "Spring Sale",
        ...popupFields,
        openAfterSeconds: "8",
        openAfterScrollPercent: "0",
      }),
    ).toMatchObject({ openAfterSeconds: 8, openAfterScrollPercent: 0 });
    expect(await saved({ title: "Summer Sale", ...popupFields })).toMatchObject({
      openAfterSeconds: 20,
      openAfterScrollPercent: 30,
    });
    expect(await home()).toContain(">Summer Sale<");
  });

  it("is not in the page after its last day", async () => {
    await saved({ title: "Old Sale", ...popupFields, expiresAt: "2000-01-01" });
    const html = await home();
    expect(html).not.toContain("data-promo-banner");
    expect(html).not.toContain(">Old Sale<");
  });
});
