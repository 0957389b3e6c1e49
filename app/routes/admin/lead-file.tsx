/** A lead's uploaded file, for staff whose scope reaches the lead (404 for anyone else). */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/lead-file";
import { findLeadFile } from "~/server/admin/lead-detail";
import { requireStaff } from "~/server/admin/staff-scope";

const NOT_FOUND = "There is no such file within your account's reach.";

export async function loader(args: Route.LoaderArgs) {
  const { scope, ctx } = await requireStaff(args, "leads:read");
  const file = await findLeadFile(ctx.db, scope, args.params.leadId, args.params.fileId);
  if (!file) throw data(NOT_FOUND, { status: 404 });
  const path = args.context.leads.files.path(file.storageKey);
  const size = await stat(path).then(
    (s) => s.size,
    () => null,
  );
  if (size === null) throw data("The file is no longer stored.", { status: 410 });
  // The plain filename is for clients that read no other: ASCII only (a header holds no more).
  const name = file.originalName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  const encoded = encodeURIComponent(file.originalName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return new Response(Readable.toWeb(createReadStream(path)) as ReadableStream, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(size),
      "Content-Disposition": `attachment; filename="${name}"; filename*=UTF-8''${encoded}`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
