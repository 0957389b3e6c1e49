import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sites } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { startTestServer } from "../support/test-server";

let server: RunningServer;
let photoHost: Server;
let photoHits = 0;
let photoHostName = "";

beforeAll(async () => {
  // A dealer's photo host on loopback: one 2,400 x 1,600 JPEG.
  const photo = await sharp({
    create: { width: 2400, height: 1600, channels: 3, background: "#b91c1c" },
  })
    .jpeg()
    .toBuffer();
  photoHost = createServer((req, res) => {
    photoHits += 1;
    if (req.url === "/stock/car-1.jpg")
      res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    else if (req.url === "/stock/notes.txt")
      res.writeHead(200, { "content-type": "text/plain" }).end("not an image");
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => photoHost.listen(0, "127.0.0.1", resolve));
  photoHostName = `127.0.0.1:${(photoHost.address() as AddressInfo).port}`;
  // The photo host listens on loopback, which outbound fetches reach only when the operator allows it.
  server = await startTestServer({ OUTBOUND_ALLOWED_NETWORKS: "loopback" });
  const site = server.registry.all().find((s) => s.slug === "coastal-kia")!;
  await server.database.db
    .update(sites)
    .set({
      settings: sql`${sites.settings} || ${JSON.stringify({ imageSourceHosts: [photoHostName] })}::jsonb`,
    })
    .where(eq(sites.id, site.id));
  await server.registry.reload(site.id);
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => photoHost?.close(resolve));
});

function get(path: string, accept = "image/avif,image/webp,*/*", host = "coastal-kia.localhost") {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
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
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

const imagePath = (url: string, w: number | string = 640, q: number | string = 75) =>
  `/media/image?url=${encodeURIComponent(url)}&w=${w}&q=${q}`;

describe("the built-in image resizer", () => {
  it("resizes a photo from the site's photo host to the asked width, as WebP or JPEG, and keeps it", async () => {
    const url = `http://${photoHostName}/stock/car-1.jpg`;
    const webp = await get(imagePath(url, 640));
    expect(webp.status).toBe(200);
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect(webp.headers["cache-control"]).toContain("immutable");
    await expect(sharp(webp.body).metadata()).resolves.toMatchObject({
      format: "webp",
      width: 640,
      height: 427,
    });

    const jpeg = await get(imagePath(url, 1280), "image/png,image/*");
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
    await expect(sharp(jpeg.body).metadata()).resolves.toMatchObject({
      format: "jpeg",
      width: 1280,
    });

    // Never wider than the photo itself.
    const wide = await get(imagePath(url, 3840));
    await expect(sharp(wide.body).metadata()).resolves.toMatchObject({ width: 2400 });

    const before = photoHits;
    expect((await get(imagePath(url, 640))).status).toBe(200);
    expect(photoHits).toBe(before);
  });

  it("sends the site's own images as they are, and refuses other hosts and bad input", async () => {
    const own = await get(imagePath("/media/logo/Coastal.svg"));
    expect(own.status).toBe(302);
    expect(own.headers.location).toBe("/media/logo/Coastal.svg");

    const elsewhere = await get(imagePath("https://photos.elsewhere.example/car.jpg"));
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.toString()).toContain("add the host to imageSourceHosts");
    // Another site does not share this site's photo hosts.
    expect(
      (
        await get(
          imagePath(`http://${photoHostName}/stock/car-1.jpg`),
          "*/*",
          "southern-motors.localhost",
        )
      ).status,
    ).toBe(403);

    expect((await get(imagePath(`http://${photoHostName}/stock/car-1.jpg`, 700))).status).toBe(400);
    expect((await get(imagePath(`http://${photoHostName}/stock/car-1.jpg`, 640, 0))).status).toBe(
      400,
    );
    expect((await get(imagePath("javascript:alert(1)"))).status).toBe(400);
    expect((await get("/media/image?w=640&q=75")).status).toBe(400);

    expect((await get(imagePath(`http://${photoHostName}/stock/missing.jpg`))).status).toBe(502);
    expect((await get(imagePath(`http://${photoHostName}/stock/notes.txt`))).status).toBe(502);
  });

  it("the short form for the site's own images answers as the query form does", async () => {
    const photo = "/media/vehicle/suv/1c1c1c/side.jpg";
    const short = await get(`/media/image/640q75${photo}`);
    expect(short.status).toBe(200);
    expect(short.headers["content-type"]).toBe("image/webp");
    expect((await sharp(short.body).metadata()).width).toBe(640);
    const long = await get(imagePath(photo));
    expect(long.status).toBe(200);
    expect(short.body.equals(long.body)).toBe(true);

    const own = await get("/media/image/640q75/media/logo/Coastal.svg");
    expect(own.status).toBe(302);
    expect(own.headers.location).toBe("/media/logo/Coastal.svg");
    expect((await get(`/media/image/700q75${photo}`)).status).toBe(400);
    expect((await get(`/media/image/640q0${photo}`)).status).toBe(400);
    // Another host is another host in this form too: only the site's photo hosts are resized.
    expect((await get("/media/image/640q75//photos.elsewhere.example/car.jpg")).status).toBe(403);
  });
});
