import { request } from "node:http";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { vehicles } from "~/server/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "~/server/start";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

function getBytes(host: string, path: string, accept = "image/avif,image/webp,*/*") {
  return new Promise<{ status: number; type: string; body: Buffer }>((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        headers: { host: `${host}:${server.port}`, accept },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers["content-type"] ?? ""),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

function site(slug: string) {
  return server.registry.all().find((s) => s.slug === slug)!;
}

/** The srcset attributes of a page's images, with `&amp;` read back. */
function srcsets(html: string): string[] {
  return [...html.matchAll(/srcSet="([^"]+)"|srcset="([^"]+)"/g)].map((m) =>
    (m[1] ?? m[2]!).replaceAll("&amp;", "&"),
  );
}

/** The resizer's short form for the site's own photos: /media/image/{width}q{quality}{path}. */
const DEMO_VEHICLE_PHOTO =
  /\/media\/image\/(\d+)q\d+\/media\/vehicle\/[a-z]+\/[0-9a-f]{6}\/[a-z-]+\.jpg \d+w/;

describe("demo imagery at the weight of real photos", () => {
  it("has cards and the vehicle page ask for resized sizes of the JPEG photos through srcset", async () => {
    const kia = site("coastal-kia");
    const search = await fetchWithHost(server, "coastal-kia.localhost", "/search");
    expect(search.status).toBe(200);
    const cardSets = srcsets(search.body).filter((s) => DEMO_VEHICLE_PHOTO.test(s));
    expect(cardSets.length).toBeGreaterThan(3);
    expect(cardSets[0]).toContain("/media/image/640q");
    expect(cardSets[0]).toContain(" 1280w");
    expect(search.body).not.toMatch(/\/media\/vehicle\/[^"]*\.svg/);

    const path = new RegExp(`href="(/${kia.settings.vehiclePath}/[a-z0-9-]+)"`).exec(
      search.body,
    )![1]!;
    const vehicle = await fetchWithHost(server, "coastal-kia.localhost", path);
    expect(vehicle.status).toBe(200);
    const gallery = srcsets(vehicle.body).filter((s) => DEMO_VEHICLE_PHOTO.test(s));
    expect(gallery.length).toBeGreaterThan(0);
    expect(gallery[0]).toContain(" 1920w");

    // A card's smallest size: a resized WebP far lighter than the 1600 px original.
    const small = /(\/media\/image\/[^ ]+) 640w/.exec(cardSets[0]!)![1]!;
    const resized = await getBytes("coastal-kia.localhost", small);
    expect(resized.status).toBe(200);
    expect(resized.type).toBe("image/webp");
    expect((await sharp(resized.body).metadata()).width).toBe(640);
    const original = await getBytes(
      "coastal-kia.localhost",
      /^\/media\/image\/\d+q\d+(\/.+)$/.exec(small)![1]!,
    );
    expect(original.type).toBe("image/jpeg");
    expect(original.body.length).toBeGreaterThan(150 * 1024);
    expect(resized.body.length).toBeLessThan(original.body.length);
  });

  it("shows a motorhome as a motorhome, and locations as photos", async () => {
    // The seed's motorhome and the body type its photos are drawn as.
    const list = await server.database.db
      .select({ images: vehicles.images })
      .from(vehicles)
      .where(eq(vehicles.simpleBody, "Motorhome"))
      .limit(1);
    expect(list.length).toBe(1);
    expect(list[0]!.images[0]!.url).toMatch(
      /^\/media\/vehicle\/motorhome\/[0-9a-f]{6}\/three-quarter\.jpg$/,
    );

    const locations = await fetchWithHost(server, "harbour-auto-group.localhost", "/our-locations");
    expect(locations.status).toBe(200);
    expect(srcsets(locations.body).join(" ")).toMatch(
      /\/media\/image\/\d+q\d+\/media\/location\/[a-z0-9-]+\.jpg/,
    );
  });
});
