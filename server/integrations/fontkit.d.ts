// fontkit ships no types; the invoice PDF only creates a font once and hands it to pdfkit, which lays it out.
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
