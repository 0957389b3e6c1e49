import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  BODY_TYPES,
  DemoPhotos,
  PHOTO_VIEWS,
  bodyTypeFor,
  renderPhoto,
  vehicleViewSvg,
  viewForPhoto,
} from "./demo-photos";

describe("demo photos", () => {
  it("draws every body type and view as a 1600 px JPEG weighing 150 to 300 KB", async () => {
    const photos = new DemoPhotos(1024 * 1024 * 1024);
    for (const type of BODY_TYPES) {
      for (const view of PHOTO_VIEWS) {
        const jpeg = await photos.vehicle(type, "c0262d", view);
        const meta = await sharp(jpeg).metadata();
        expect({ type, view, format: meta.format, width: meta.width }).toEqual({
          type,
          view,
          format: "jpeg",
          width: 1600,
        });
        expect(jpeg.length, `${type} ${view}`).toBeGreaterThanOrEqual(150 * 1024);
        expect(jpeg.length, `${type} ${view}`).toBeLessThanOrEqual(300 * 1024);
      }
    }
    for (const jpeg of [await photos.location("parramatta"), await photos.hero("harbour")]) {
      expect(jpeg.length).toBeGreaterThanOrEqual(150 * 1024);
      expect(jpeg.length).toBeLessThanOrEqual(300 * 1024);
    }
  });

  it("gives the same bytes for the same photo, and paints it in the vehicle's colour", async () => {
    const svg = vehicleViewSvg("motorhome", "1f4e9c", "side");
    expect(svg).toContain("#1f4e9c");
    const [a, b] = await Promise.all([renderPhoto(svg, "k"), renderPhoto(svg, "k")]);
    expect(a.equals(b)).toBe(true);
  });

  it("keeps its cache within its byte bound and makes a photo once for many requests", async () => {
    const photos = new DemoPhotos(400 * 1024);
    const [a, b] = await Promise.all([
      photos.vehicle("suv", "111111", "side"),
      photos.vehicle("suv", "111111", "side"),
    ]);
    expect(a).toBe(b);
    await photos.vehicle("suv", "111111", "rear");
    await photos.vehicle("suv", "111111", "interior");
    expect(photos.stats().bytes).toBeLessThanOrEqual(400 * 1024);
    expect(photos.stats().evictions).toBeGreaterThan(0);
  });

  it("shares what it drew through its directory: another process reads the photo, not draws it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "demo-photos-"));
    try {
      const drawn = await new DemoPhotos(undefined, join(dir, "photos")).hero("harbour");
      const files = await readdir(join(dir, "photos"));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^[0-9a-f]{64}\.jpg$/);
      // What a second store answers is the file's bytes, whatever they are.
      const stored = Buffer.from("stored bytes");
      await writeFile(join(dir, "photos", files[0]!), stored);
      expect(await new DemoPhotos(undefined, join(dir, "photos")).hero("harbour")).toEqual(stored);
      expect(drawn.length).toBeGreaterThan(100 * 1024);
      // A directory that cannot be written still gives the photo (a file stands in its way).
      await writeFile(join(dir, "blocked"), "");
      const unwritable = new DemoPhotos(undefined, join(dir, "blocked", "photos"));
      expect((await unwritable.hero("harbour")).equals(drawn)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("maps feed body names to the shape drawn and photos to the five views", () => {
    expect(
      ["Motorhome", "Caravan", "Camper Trailer", "Cab Chassis", "Pickup", "Ute", "People Mover"]
        .map((body) => bodyTypeFor(body.toLowerCase().replace(/ /g, "-")))
        .join(" "),
    ).toBe("motorhome caravan caravan truck ute ute van");
    expect(["naked", "sport", "touring", "adventure"].map(bodyTypeFor)).toEqual(
      Array(4).fill("motorcycle"),
    );
    expect(["Hatch", "SUV", "Wagon", "Coupe", "Sedan"].map(bodyTypeFor)).toEqual([
      "hatch",
      "suv",
      "wagon",
      "coupe",
      "sedan",
    ]);
    expect([1, 2, 3, 4, 5, 6].map(viewForPhoto)).toEqual([...PHOTO_VIEWS, "three-quarter"]);
  });

  it("answers only the demo photo paths", () => {
    const photos = new DemoPhotos();
    expect(photos.forPath("/media/vehicle/suv/1f4e9c/side.jpg")).toBeTypeOf("function");
    expect(photos.forPath("/media/location/parramatta.jpg")).toBeTypeOf("function");
    expect(photos.forPath("/media/vehicle/suv/1f4e9c/top.jpg")).toBeNull();
    expect(photos.forPath("/media/logo/A.svg")).toBeNull();
    expect(photos.forPath("/media/vehicle/suv/1f4e9c/../side.jpg")).toBeNull();
  });
});
