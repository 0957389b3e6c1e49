/** Checks ADF/XML against the ADF 1.0 DTD with xmllint (Debian libxml2-utils). */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const XMLLINT = "/usr/bin/xmllint";
export const xmllintAvailable = existsSync(XMLLINT);
const dtd = fileURLToPath(new URL("../fixtures/adf.dtd", import.meta.url));

if (!xmllintAvailable) {
  const reason = "xmllint not found (apt-get install -y libxml2-utils)";
  if (process.env.CI) throw new Error(`ADF checks cannot run in CI: ${reason}`);
  console.warn(`Skipping ADF/XML DTD checks: ${reason}`);
}

/** null when valid; xmllint's complaint otherwise. */
export function adfProblems(xml: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), "adf-"));
  const file = join(dir, "lead.xml");
  writeFileSync(file, xml);
  try {
    execFileSync(XMLLINT, ["--noout", "--dtdvalid", dtd, file], { stdio: "pipe" });
    return null;
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

/** An attachment of a raw MIME message (matched on its headers), decoded. */
export function attachmentOf(raw: string, headerPattern: RegExp): Buffer | null {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  for (const boundary of boundaries) {
    for (const part of raw.split(`--${boundary}`)) {
      const split = /\r?\n\r?\n/.exec(part);
      if (!split) continue;
      const head = part.slice(0, split.index).replace(/\r?\n[ \t]+/g, " ");
      if (!headerPattern.test(head) || /boundary=/i.test(head)) continue;
      const body = part.slice(split.index + split[0].length).replace(/\r?\n$/, "");
      if (/Content-Transfer-Encoding:\s*base64/i.test(head))
        return Buffer.from(body.replace(/\s+/g, ""), "base64");
      if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(head)) {
        return Buffer.from(
          body
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
              String.fromCharCode(parseInt(hex, 16)),
            ),
          "latin1",
        );
      }
      return Buffer.from(body, "utf8");
    }
  }
  return null;
}

/** The ADF/XML attachment of a lead e-mail. */
export function adfAttachmentOf(raw: string): string | null {
  return attachmentOf(raw, /filename="?lead-[^"]*\.xml/i)?.toString("utf8") ?? null;
}
