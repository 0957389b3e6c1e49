/**
 * Photos staff upload in the vehicle editor: checked by their content (JPEG, PNG, WebP or GIF,
 * whatever the browser says) and size before anything is stored, kept in the database (every
 * web node serves them) and served on the site's host at `/media/photos/{id}.{ext}`, only for
 * the site that owns them.
 */
import { and, eq } from "drizzle-orm";
import { Router } from "express";
import type { Database } from "~/server/db/client";
import { vehiclePhotoFiles } from "~/server/db/schema";
import { detectFileType } from "~/server/leads/uploads";
import type { Site } from "~/server/sites/site";

export const PHOTO_LIMITS = { maxBytes: 10 * 1024 * 1024, maxFiles: 20 } as const;
const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

export type CheckedPhoto = { contentType: string; extension: string; bytes: Uint8Array };

/**
 * The uploaded files of a form field, checked; empty file inputs are ignored. Answers the message
 * for the field when one is not a photo or is too large.
 */
export async function checkPhotoUploads(
  values: FormDataEntryValue[],
): Promise<{ ok: true; photos: CheckedPhoto[] } | { ok: false; message: string }> {
  const files = values.filter((v): v is File => typeof v !== "string" && v.size > 0);
  if (files.length > PHOTO_LIMITS.maxFiles)
    return { ok: false, message: `Upload at most ${PHOTO_LIMITS.maxFiles} photos at a time.` };
  const photos: CheckedPhoto[] = [];
  for (const file of files) {
    if (file.size > PHOTO_LIMITS.maxBytes)
      return { ok: false, message: `${file.name} is larger than 10 MB: upload a smaller photo.` };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = detectFileType(bytes.subarray(0, 16));
    if (!type || !PHOTO_TYPES.has(type.contentType))
      return { ok: false, message: `${file.name} is not a JPEG, PNG, WebP or GIF photo.` };
    photos.push({ contentType: type.contentType, extension: type.extension, bytes });
  }
  return { ok: true, photos };
}

/** Stores checked photos of a site (in the caller's transaction) and answers their addresses. */
export async function storePhotos(
  tx: Database,
  siteId: number,
  photos: CheckedPhoto[],
): Promise<string[]> {
  const urls: string[] = [];
  for (const photo of photos) {
    const [row] = await tx
      .insert(vehiclePhotoFiles)
      .values({ siteId, contentType: photo.contentType, bytes: photo.bytes })
      .returning({ id: vehiclePhotoFiles.id });
    urls.push(`/media/photos/${row!.id}.${photo.extension}`);
  }
  return urls;
}

const PHOTO_PATH = /^\/([0-9a-f-]{36})\.(jpg|png|webp|gif)$/;

/** Serves a site's uploaded photos (mounted at /media/photos on site hosts). */
export function vehiclePhotosRouter(db: Database): Router {
  const router = Router();
  router.get(/.*/, (req, res, next) => {
    const match = PHOTO_PATH.exec(req.path);
    const site = res.locals.site as Site | undefined;
    if (!match || !site) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    db.select({ contentType: vehiclePhotoFiles.contentType, bytes: vehiclePhotoFiles.bytes })
      .from(vehiclePhotoFiles)
      .where(and(eq(vehiclePhotoFiles.id, match[1]!), eq(vehiclePhotoFiles.siteId, site.id)))
      .then(([row]) => {
        if (!row) {
          res.status(404).type("text/plain").send("Not Found");
          return;
        }
        res
          .type(row.contentType)
          .set("Cache-Control", "public, max-age=31536000, immutable")
          .set("X-Content-Type-Options", "nosniff")
          .send(Buffer.from(row.bytes));
      })
      .catch(next);
  });
  return router;
}
