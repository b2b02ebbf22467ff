import { inflateSync } from 'node:zlib';

/** The text of a PDF's FlateDecode streams and its uncompressed objects, for searching. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let out = raw;
  const re = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      out += inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      // not a Flate stream (or a font): skip
    }
  }
  return out;
}

/** The Helvetica text drawn in an uncompressed PDF: pdfkit writes it as hex strings in TJ arrays split by kerning. */
export function drawnText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/\[([^\]]*)\] TJ/g)]
    .map((m) => [...m[1]!.matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''))
    .join('\n');
}
