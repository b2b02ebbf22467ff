import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { bilingual, taxDocumentLabels } from './tax-document-labels.ts';
import { woffToSfnt } from './woff.ts';

/**
 * Draws an A4 tax invoice or GST credit note with pdfkit. Knows nothing of the database:
 * invoice.service.ts and credit-note.service.ts give it every text and amount ready to print.
 * Latin text uses the built-in Helvetica; Devanagari (the Hindi labels) and the rupee sign use
 * Noto Sans Devanagari, whose WOFF fontkit shapes (conjuncts and matras included). Each string is
 * split into runs by script and each run drawn in its font.
 */

export interface InvoiceLine {
  label: string;
  labelHi?: string;
  amount: string;
  bold?: boolean;
}

export interface TaxDocumentPdfInput {
  /** A tax invoice (CGST Rules, rule 46) or a credit note (CGST Act s.34; rule 53(1A)). */
  kind: 'invoice' | 'creditNote';
  seller: { legalName: string; address: string; gstin: string; stateCode: string; email: string; sampleGstin: boolean };
  document: { number: string; date: string };
  /** A credit note's invoice (its number and date) and why the note is issued. */
  against?: { number: string; date: string; reason: string; reasonHi: string | null };
  buyer: { name: string; mobile: string; placeOfSupply: string; supplyType: string };
  contest: { description: string; detail: string; dates: string; ticketCount: number; ticketPrice: string };
  lines: InvoiceLine[];
  gst: InvoiceLine[];
  payment: { refNo: string; txnId: string; paidAt: string; gateway: string };
  /** A credit note's refund: the gateway's refund id, when, how much. */
  refund?: { refundId: string; refundedAt: string; amount: string };
  /** Uncompressed streams (tests read the text); compressed otherwise. */
  compress?: boolean;
}

const require = createRequire(import.meta.url);
const fontPath = (weight: 400 | 700) =>
  require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff`);

/**
 * The two Devanagari faces, unwrapped from WOFF (woff.ts) and opened once for every document:
 * fontkit parses a font's layout tables (GSUB, GPOS) on first use and the font object keeps them;
 * pdfkit takes a fontkit font as it is (it lays out and subsets it per document). Measured here:
 * an invoice in about 1.3 s from the WOFF files each time, about 0.1 s this way.
 */
let devanagari: Promise<{ regular: Font; bold: Font }> | undefined;
async function devanagariFonts() {
  devanagari ??= import('fontkit').then((fontkit) => ({
    regular: fontkit.create(woffToSfnt(readFileSync(fontPath(400)))),
    bold: fontkit.create(woffToSfnt(readFileSync(fontPath(700)))),
  }));
  return devanagari;
}

const DEVA = 'deva';
const DEVA_BOLD = 'deva-bold';
const LATIN = 'Helvetica';
const LATIN_BOLD = 'Helvetica-Bold';
const LEFT = 50;
const RIGHT = 545; // A4 is 595.28 points wide
const GREY = '#555555';

/** Devanagari, the joiners and the rupee sign go to the Devanagari font; everything else to Helvetica. */
const isDevanagariFontChar = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x0900 && code <= 0x097f) || code === 0x200c || code === 0x200d || code === 0x20b9 || code === 0x25cc;
};

function runsOf(text: string): Array<{ deva: boolean; text: string }> {
  const runs: Array<{ deva: boolean; text: string }> = [];
  for (const ch of text) {
    // Spaces stay with the run they are in, so a Hindi phrase is shaped as one.
    const deva = ch === ' ' && runs.length ? runs[runs.length - 1]!.deva : isDevanagariFontChar(ch);
    const last = runs[runs.length - 1];
    if (last && last.deva === deva) last.text += ch;
    else runs.push({ deva, text: ch });
  }
  return runs;
}

/** The document's title label and the English name in the PDF's metadata. */
const TITLES = {
  invoice: { label: 'invoiceTitle', info: 'Tax Invoice' },
  creditNote: { label: 'creditNoteTitle', info: 'Credit Note' },
} as const;

/** pdfkit (about 15 MB resident with its fonts and tables) is loaded on the first document, not at start. */
export async function renderTaxDocumentPdf(input: TaxDocumentPdfInput): Promise<Buffer> {
  const title = TITLES[input.kind];
  const creditNote = input.kind === 'creditNote';
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: input.compress ?? true,
    info: {
      Title: `${title.info} ${input.document.number}`,
      Author: input.seller.legalName,
      Subject: `GSTIN ${input.seller.gstin}`,
      Keywords: input.document.number,
    },
  });
  const fonts = await devanagariFonts();
  // @types/pdfkit names only paths and buffers; pdfkit 0.20 also takes a fontkit font (PDFFontFactory.open).
  doc.registerFont(DEVA, fonts.regular as unknown as Buffer);
  doc.registerFont(DEVA_BOLD, fonts.bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const fontFor = (deva: boolean, bold: boolean) => (deva ? (bold ? DEVA_BOLD : DEVA) : bold ? LATIN_BOLD : LATIN);
  const widthOf = (text: string, size: number, bold = false) =>
    runsOf(text).reduce(
      (sum, run) => sum + doc.font(fontFor(run.deva, bold)).fontSize(size).widthOfString(run.text),
      0,
    );

  /** One line of mixed text at (x, y); align 'right' puts its end at x. */
  function put(
    text: string,
    x: number,
    y: number,
    options: { size?: number; bold?: boolean; align?: 'left' | 'right'; color?: string } = {},
  ) {
    const size = options.size ?? 9;
    const bold = options.bold ?? false;
    let at = options.align === 'right' ? x - widthOf(text, size, bold) : x;
    doc.fillColor(options.color ?? 'black');
    for (const run of runsOf(text)) {
      doc.font(fontFor(run.deva, bold)).fontSize(size);
      // The Devanagari font sits lower on the line; lift it to share Helvetica's baseline.
      doc.text(run.text, at, run.deva ? y - size * 0.2 : y, { lineBreak: false });
      at += doc.widthOfString(run.text);
    }
  }
  const bi = (en: string, hi?: string) => (hi ? `${en} / ${hi}` : en);
  const labels = taxDocumentLabels();
  const rule = (y: number) => doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor('#999999').stroke();

  let y = 50;
  put(bilingual(title.label), LEFT, y, { size: 16, bold: true });
  put(input.seller.legalName, RIGHT, y + 2, { size: 11, bold: true, align: 'right' });
  y += 26;
  if (input.seller.sampleGstin) {
    put(`SAMPLE GSTIN: not a real ${creditNote ? 'credit note' : 'tax invoice'}`, LEFT, y, {
      size: 10,
      bold: true,
      color: '#B00020',
    });
    y += 16;
  }
  rule(y);
  y += 10;

  // Seller (left) and invoice (right).
  const sellerRows: Array<[string, string]> = [
    [bilingual('seller'), input.seller.legalName],
    [bilingual('address'), input.seller.address],
    ['GSTIN', input.seller.gstin],
    [bilingual('stateCode'), input.seller.stateCode],
    [bilingual('email'), input.seller.email],
  ];
  const invoiceRows: Array<[string, string]> = creditNote
    ? [
        [bilingual('creditNoteNo'), input.document.number],
        [bilingual('creditNoteDate'), input.document.date],
      ]
    : [
        [bilingual('invoiceNo'), input.document.number],
        [bilingual('invoiceDate'), input.document.date],
      ];
  const rowsY = y;
  for (const [label, value] of sellerRows) {
    put(label, LEFT, y, { size: 8, color: GREY });
    put(value, LEFT + 110, y, { size: 9 });
    y += 15;
  }
  let ry = rowsY;
  for (const [label, value] of invoiceRows) {
    put(label, 340, ry, { size: 8, color: GREY });
    put(value, RIGHT, ry + 11, { size: 10, bold: true, align: 'right' });
    ry += 28;
  }
  y = Math.max(y, ry) + 5;
  rule(y);
  y += 10;

  if (input.against) {
    // CGST Rules 53(1A)(g): the serial number and date of the tax invoice the note corrects.
    const againstRows: Array<[string, string, boolean]> = [
      [bilingual('againstInvoiceNo'), input.against.number, true],
      [bilingual('invoiceDate'), input.against.date, false],
      [bilingual('reason'), input.against.reason, false],
    ];
    for (const [label, value, bold] of againstRows) {
      put(label, LEFT, y, { size: 8, color: GREY });
      put(value, LEFT + 140, y, { size: 9, bold });
      y += 15;
    }
    if (input.against.reasonHi) {
      put(input.against.reasonHi, LEFT + 140, y, { size: 9 });
      y += 15;
    }
    y += 5;
    rule(y);
    y += 10;
  }

  put(bilingual('billTo'), LEFT, y, { size: 10, bold: true });
  y += 16;
  const buyerRows: Array<[string, string]> = [
    [bilingual('name'), input.buyer.name],
    [bilingual('mobile'), input.buyer.mobile],
    [bilingual('placeOfSupply'), input.buyer.placeOfSupply],
    [bilingual('supplyType'), input.buyer.supplyType],
  ];
  for (const [label, value] of buyerRows) {
    put(label, LEFT, y, { size: 8, color: GREY });
    put(value, LEFT + 140, y, { size: 9 });
    y += 15;
  }
  y += 5;
  rule(y);
  y += 10;

  // The supply.
  put(bilingual('description'), LEFT, y, { size: 8, bold: true });
  put(bilingual('qty'), 370, y, { size: 8, bold: true, align: 'right' });
  put(bilingual('rate'), 450, y, { size: 8, bold: true, align: 'right' });
  put(bilingual('amount'), RIGHT, y, { size: 8, bold: true, align: 'right' });
  y += 16;
  put(input.contest.description, LEFT, y, { size: 9 });
  put(String(input.contest.ticketCount), 370, y, { size: 9, align: 'right' });
  put(input.contest.ticketPrice, 450, y, { size: 9, align: 'right' });
  put(input.lines[0]?.amount ?? '', RIGHT, y, { size: 9, align: 'right' });
  y += 13;
  put(input.contest.detail, LEFT, y, { size: 8, color: GREY });
  y += 12;
  put(input.contest.dates, LEFT, y, { size: 8, color: GREY });
  y += 18;
  rule(y);
  y += 10;

  const drawLines = (title: string, lines: InvoiceLine[]) => {
    put(title, LEFT, y, { size: 10, bold: true });
    y += 16;
    for (const line of lines) {
      put(bi(line.label, line.labelHi), LEFT + 10, y, { size: 9, bold: line.bold ?? false });
      put(line.amount, RIGHT, y, { size: 9, bold: line.bold ?? false, align: 'right' });
      y += 15;
    }
    y += 4;
    rule(y);
    y += 10;
  };
  drawLines(creditNote ? bilingual('credited') : bilingual('bill'), input.lines);
  drawLines(creditNote ? bilingual('gstCredited') : bilingual('gst'), input.gst);

  put(bilingual('payment'), LEFT, y, { size: 10, bold: true });
  y += 16;
  const paymentRows: Array<[string, string]> = [
    ['Ref. No', input.payment.refNo],
    ['Txn. Id.', input.payment.txnId],
    [bilingual('paidOn'), input.payment.paidAt],
    [bilingual('gateway'), input.payment.gateway],
    ...(input.refund
      ? ([
          [bilingual('refundId'), input.refund.refundId],
          [bilingual('refundedOn'), input.refund.refundedAt],
          [bilingual('refunded'), input.refund.amount],
        ] as Array<[string, string]>)
      : []),
  ];
  for (const [label, value] of paymentRows) {
    put(label, LEFT + 10, y, { size: 8, color: GREY });
    put(value, LEFT + 120, y, { size: 9 });
    y += 15;
  }
  y += 20;
  const footer = labels[creditNote ? 'creditNoteFooter' : 'invoiceFooter'];
  put(footer.en, LEFT, y, { size: 9 });
  put(footer.hi, LEFT, y + 14, { size: 9 });

  doc.end();
  return done;
}
