import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from '../../server/integrations/woff.ts';

const require = createRequire(import.meta.url);
const woff = (weight: 400 | 700) =>
  readFileSync(
    require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${weight}-normal.woff`),
  );
const glyphsOf = (font: unknown, text: string) =>
  (font as { layout(t: string): { glyphs: Array<{ id: number }> } }).layout(text).glyphs.map((g) => g.id);

describe('the invoice font, unwrapped from WOFF once', () => {
  it.each([400, 700] as const)('shapes Hindi exactly as the WOFF file does (weight %i)', (weight) => {
    const file = woff(weight);
    const sfnt = woffToSfnt(file);
    expect(sfnt.readUInt32BE(0)).toBe(file.readUInt32BE(4));
    for (const text of ['कर बीजक', 'क्रेडिट नोट', 'प्रवेश पर आईजीएसटी', 'महाराष्ट्र', '₹1,234.50'])
      expect(glyphsOf(create(sfnt), text), text).toEqual(glyphsOf(create(file), text));
  });

  it('refuses what is not a WOFF 1.0 font', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 not this one'))).toThrow('not a WOFF 1.0 font');
  });
});
