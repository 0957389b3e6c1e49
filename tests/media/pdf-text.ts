/**
 * The text a PDF shows, read the plain way: every Flate stream inflated and the strings of its
 * text operators (Tj) decoded. Enough for the single-font reports the server draws; not a PDF
 * reader.
 */
import { inflateSync } from "node:zlib";

export function pdfText(pdf: Buffer): string {
  const texts: string[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf("stream", at, "latin1");
    if (start === -1) break;
    const bodyStart = pdf[start + 6] === 0x0d ? start + 8 : start + 7;
    const end = pdf.indexOf("endstream", bodyStart, "latin1");
    if (end === -1) break;
    at = end + 9;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(bodyStart, end)).toString("latin1");
    } catch {
      content = pdf.subarray(bodyStart, end).toString("latin1");
    }
    for (const m of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) {
      texts.push(m[1] !== undefined ? Buffer.from(m[1], "hex").toString("latin1") : (m[2] ?? ""));
    }
  }
  return texts.join("\n");
}
