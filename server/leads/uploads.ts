/**
 * Files sent with a lead (a CV with a careers enquiry, photos of a trade-in): parsed from
 * multipart data as a stream (busboy), checked by their content (PDF and common images, not
 * the name or the type the browser claims), held to size and count limits, and stored outside
 * the web root under generated names. Nothing a visitor names ever becomes a path.
 */
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import busboy from "busboy";

export const UPLOAD_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxFiles: 5,
  maxTotalBytes: 25 * 1024 * 1024,
  maxFields: 120,
  maxFieldBytes: 10_000,
} as const;

export type UploadLimits = typeof UPLOAD_LIMITS;

export const ACCEPTED_FILES_TEXT = "a PDF or an image (JPEG, PNG, GIF, WebP or HEIC)";

/** The type of a file from its first bytes; null when it is not one we accept. */
export function detectFileType(
  head: Uint8Array,
): { contentType: string; extension: string } | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  const ascii = (from: number, text: string) =>
    [...text].every((c, i) => head[from + i] === c.charCodeAt(0));
  if (ascii(0, "%PDF-")) return { contentType: "application/pdf", extension: "pdf" };
  if (starts(0xff, 0xd8, 0xff)) return { contentType: "image/jpeg", extension: "jpg" };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { contentType: "image/png", extension: "png" };
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a"))
    return { contentType: "image/gif", extension: "gif" };
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return { contentType: "image/webp", extension: "webp" };
  if (
    ascii(4, "ftyp") &&
    (ascii(8, "heic") || ascii(8, "heix") || ascii(8, "mif1") || ascii(8, "heif"))
  ) {
    return { contentType: "image/heic", extension: "heic" };
  }
  return null;
}

/**
 * Marks an UploadError across copies of this module: the server build bundles its own copy for
 * the forms' actions while the file store the server hands them throws the server's, so
 * `instanceof` cannot tell (a registered symbol is the same in every copy).
 */
const UPLOAD_ERROR = Symbol.for("dealer-sites.upload-error");

export class UploadError extends Error {
  readonly [UPLOAD_ERROR] = true;

  constructor(
    readonly status: 413 | 415 | 422 | 400,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

/** Whether an error is an UploadError, from whichever copy of this module threw it. */
export function isUploadError(error: unknown): error is UploadError {
  return typeof error === "object" && error !== null && UPLOAD_ERROR in error;
}

/** A file received and checked, waiting in the temporary area until its lead is stored. */
export type ReceivedFile = {
  fieldName: string;
  originalName: string;
  contentType: string;
  extension: string;
  size: number;
  sha256: string;
  tempPath: string;
};

export type StoredFile = Omit<ReceivedFile, "tempPath"> & { id: string; storageKey: string };

export class LeadFileStore {
  constructor(
    readonly dir: string,
    readonly limits: UploadLimits = UPLOAD_LIMITS,
  ) {}

  path(storageKey: string): string {
    return join(this.dir, storageKey);
  }

  /** Moves received files to their final place: {dir}/{site}/{yyyy-mm}/{uuid}.{ext}. */
  async commit(siteId: number, files: readonly ReceivedFile[]): Promise<StoredFile[]> {
    const month = new Date().toISOString().slice(0, 7);
    const stored: StoredFile[] = [];
    for (const file of files) {
      const id = randomUUID();
      const storageKey = `${siteId}/${month}/${id}.${file.extension}`;
      await mkdir(dirname(this.path(storageKey)), { recursive: true });
      await rename(file.tempPath, this.path(storageKey));
      const { tempPath: _tempPath, ...rest } = file;
      stored.push({ ...rest, id, storageKey });
    }
    return stored;
  }

  async discard(files: ReadonlyArray<{ tempPath?: string; storageKey?: string }>): Promise<void> {
    await Promise.all(
      files.map((f) =>
        rm(f.tempPath ?? this.path(f.storageKey ?? "__none__"), { force: true }).catch(
          () => undefined,
        ),
      ),
    );
  }

  /**
   * Reads multipart data: fields as strings (repeated names as arrays), files checked and written
   * to the temporary area. Rejects with an UploadError a person can act on; files already
   * written are removed then.
   */
  async receive(
    stream: Readable,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ fields: Record<string, string | string[]>; files: ReceivedFile[] }> {
    const limits = this.limits;
    const tmpDir = join(this.dir, "tmp");
    await mkdir(tmpDir, { recursive: true });
    const fields: Record<string, string | string[]> = {};
    const files: ReceivedFile[] = [];
    const writes: Array<Promise<void>> = [];
    const streams: Array<{ file: Readable; out: ReturnType<typeof createWriteStream> }> = [];
    let total = 0;

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: headers as busboy.BusboyConfig["headers"],
        // Browsers send a file's name as UTF-8 (busboy reads Latin-1 unless told).
        defParamCharset: "utf8",
        limits: {
          fileSize: limits.maxFileBytes,
          files: limits.maxFiles,
          fields: limits.maxFields,
          fieldSize: limits.maxFieldBytes,
          parts: limits.maxFiles + limits.maxFields,
        },
      });
    } catch {
      throw new UploadError(400, "Send the form as multipart/form-data.");
    }

    const result = new Promise<void>((resolve, reject) => {
      let failed: UploadError | null = null;
      const fail = (error: UploadError) => {
        if (failed) return;
        failed = error;
        stream.unpipe(parser);
        stream.resume();
        for (const { file, out } of streams) {
          file.unpipe(out);
          file.resume();
          out.destroy();
        }
        reject(error);
      };

      parser.on("field", (name, value, info) => {
        if (info.valueTruncated) return fail(new UploadError(413, "A field is too long.", name));
        const current = fields[name];
        if (current === undefined) fields[name] = value;
        else fields[name] = Array.isArray(current) ? [...current, value] : [current, value];
      });

      parser.on("file", (fieldName, file, info) => {
        if (!info.filename) {
          // An empty file input: nothing chosen.
          file.resume();
          return;
        }
        const tempPath = join(tmpDir, randomUUID());
        const hash = createHash("sha256");
        let head: Buffer = Buffer.alloc(0);
        let size = 0;
        let checked = false;
        const out = createWriteStream(tempPath);
        const record: ReceivedFile = {
          fieldName,
          originalName: cleanFileName(info.filename),
          contentType: "",
          extension: "",
          size: 0,
          sha256: "",
          tempPath,
        };
        files.push(record);
        file.on("data", (chunk: Buffer) => {
          size += chunk.length;
          total += chunk.length;
          if (total > limits.maxTotalBytes) {
            return fail(
              new UploadError(
                413,
                `The files are too large together (${mb(limits.maxTotalBytes)} at most).`,
                fieldName,
              ),
            );
          }
          if (!checked) {
            head = Buffer.concat([head, chunk]).subarray(0, 16);
            if (head.length >= 12 || size >= 12) {
              checked = true;
              const type = detectFileType(head);
              if (!type)
                return fail(
                  new UploadError(422, `Please upload ${ACCEPTED_FILES_TEXT}.`, fieldName),
                );
              record.contentType = type.contentType;
              record.extension = type.extension;
            }
          }
          hash.update(chunk);
        });
        file.on("limit", () =>
          fail(
            new UploadError(413, `Each file can be ${mb(limits.maxFileBytes)} at most.`, fieldName),
          ),
        );
        file.on("end", () => {
          if (!checked && !failed) {
            const type = detectFileType(head);
            if (!type)
              return fail(new UploadError(422, `Please upload ${ACCEPTED_FILES_TEXT}.`, fieldName));
            record.contentType = type.contentType;
            record.extension = type.extension;
          }
          record.size = size;
          record.sha256 = hash.digest("hex");
        });
        streams.push({ file, out });
        writes.push(
          new Promise<void>((done, error) => {
            out.on("close", () => done());
            out.on("error", error);
          }),
        );
        if (failed) {
          out.destroy();
          file.resume();
          return;
        }
        file.pipe(out);
      });

      parser.on("filesLimit", () =>
        fail(new UploadError(413, `Send ${limits.maxFiles} files at most.`)),
      );
      parser.on("fieldsLimit", () => fail(new UploadError(413, "The form has too many fields.")));
      parser.on("partsLimit", () => fail(new UploadError(413, "The form has too many parts.")));
      parser.on("error", () =>
        fail(new UploadError(400, "The form data could not be read. Please try again.")),
      );
      parser.on("close", () => {
        if (!failed) resolve();
      });
      stream.on("error", () =>
        fail(new UploadError(400, "The upload was interrupted. Please try again.")),
      );
    });

    stream.pipe(parser);
    try {
      await result;
      await Promise.all(writes);
      return { fields, files };
    } catch (error) {
      await Promise.allSettled(writes);
      await this.discard(files);
      throw error;
    }
  }
}

function mb(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

/**
 * A display name for an uploaded file, in the person's own script: no path, no control or
 * direction-changing characters (which could make 'cv\u202Efdp.exe' read as 'cvexe.pdf'), at most
 * 120 characters.
 */
export function cleanFileName(name: string): string {
  const base = name.normalize("NFC").split(/[\\/]/).pop() ?? "file";
  const unsafe =
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff"<>|:*?]/g;
  const cleaned = base.replace(unsafe, "").trim();
  return [...(cleaned || "file")].slice(-120).join("");
}
