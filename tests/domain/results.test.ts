import { describe, expect, it } from 'vitest';
import {
  claimDetailsFromForm,
  claimDetailsSchema,
  claimFormSchema,
  isResultPublic,
  maskAccount,
  maskedClaim,
  payableBeforeDispatch,
  maskPan,
  maskUpi,
  streamEmbedUrl,
  streamFrameOrigin,
  tdsFor,
} from '../../domain/results.ts';

describe('the live stream embed', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/live/dQw4w9WgXcQ?si=abc', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'],
    [
      'https://www.youtube.com/channel/UC0123456789abcdefghijkl/live',
      'https://www.youtube.com/embed/live_stream?channel=UC0123456789abcdefghijkl',
    ],
  ])('%s -> %s', (url, embed) => {
    expect(streamEmbedUrl(url)).toBe(embed);
  });

  it.each([
    null,
    '',
    'not a url',
    'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://www.youtube.com/@cricspot/live',
    'https://www.facebook.com/cricspot/live',
    'javascript:alert(1)',
  ])('%s is not embedded', (url) => {
    expect(streamEmbedUrl(url)).toBeNull();
    expect(streamFrameOrigin(url)).toBeNull();
  });
});

describe('TDS (Section 194B)', () => {
  const rule = { rateBp: 3000, thresholdPaise: 1_000_000 };
  it('withholds nothing up to the threshold and 30% of the whole prize above it', () => {
    expect(tdsFor(1_000_000, rule)).toMatchObject({ tdsPaise: 0, netPaise: 1_000_000 });
    expect(tdsFor(1_000_001, rule)).toMatchObject({ tdsPaise: 300_000, netPaise: 700_001 });
    expect(tdsFor(2_500_000, rule)).toMatchObject({ tdsPaise: 750_000, netPaise: 1_750_000, ratePercent: 30 });
  });
  it('a prize in kind arrives whole: its TDS on the market value is paid by the winner before dispatch or by the company (issue 26)', () => {
    const winner = tdsFor(1_500_000, rule, { tdsPayer: 'winner' });
    expect(winner).toMatchObject({ grossPaise: 1_500_000, tdsPaise: 450_000, netPaise: 1_500_000, tdsPayer: 'winner' });
    expect(payableBeforeDispatch(winner)).toBe(450_000);
    const company = tdsFor(1_500_000, rule, { tdsPayer: 'company' });
    expect(company).toMatchObject({ tdsPaise: 450_000, netPaise: 1_500_000, tdsPayer: 'company' });
    expect(payableBeforeDispatch(company)).toBe(0);
    expect(tdsFor(900_000, rule, { tdsPayer: 'winner' })).toMatchObject({ tdsPaise: 0, netPaise: 900_000 });
    expect(tdsFor(2_500_000, rule).tdsPayer).toBeNull();
  });
  it('a result is public from its winner show (issue 26)', () => {
    expect(isResultPublic({ state: 'published', showAt: 1000 }, 999)).toBe(false);
    expect(isResultPublic({ state: 'published', showAt: 1000 }, 1000)).toBe(true);
    expect(isResultPublic({ state: 'judged', showAt: 1000 }, 5000)).toBe(false);
  });
});

describe('claim details', () => {
  const valid = {
    fullName: ' Ravi Kumar ',
    pan: 'abcde 1234f',
    address: { line1: '1 Road', city: 'Pune', state: 'Maharashtra', pin: '411001' },
    payout: { method: 'bank', accountNumber: '1234 5678 9012', ifsc: 'sbin0001234' },
  };
  it('normalises PAN, IFSC and account number', () => {
    expect(claimDetailsSchema.parse(valid)).toMatchObject({
      fullName: 'Ravi Kumar',
      pan: 'ABCDE1234F',
      address: { line2: '' },
      payout: { accountNumber: '123456789012', ifsc: 'SBIN0001234' },
    });
  });
  it.each([
    ['pan', { ...valid, pan: 'ABCDE12345' }],
    ['pan digits first', { ...valid, pan: '12345ABCDE' }],
    [
      'ifsc fifth character',
      { ...valid, payout: { method: 'bank', accountNumber: '123456789012', ifsc: 'SBIN1001234' } },
    ],
    ['account too short', { ...valid, payout: { method: 'bank', accountNumber: '12345678', ifsc: 'SBIN0001234' } }],
    ['pin starting with 0', { ...valid, address: { ...valid.address, pin: '011001' } }],
    ['unknown state', { ...valid, address: { ...valid.address, state: 'Goa ' } }],
    ['upi without handle', { ...valid, payout: { method: 'upi', upiId: 'ravi@' } }],
  ])('refuses %s', (_, details) => {
    expect(claimDetailsSchema.safeParse(details).success).toBe(false);
  });
  it('takes no payout at all (a prize in kind is delivered; the server asks it of cash prizes only)', () => {
    const { payout: _payout, ...delivery } = valid;
    expect(claimDetailsSchema.parse(delivery)).not.toHaveProperty('payout');
    expect(maskedClaim(claimDetailsSchema.parse(delivery)).payout).toBeNull();
    const form = claimFormSchema.safeParse({
      fullName: 'Ravi Kumar',
      pan: 'abcde1234f',
      line1: '12 MG Road',
      line2: '',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411001',
      method: 'delivery',
      upiId: '',
      accountNumber: '',
      ifsc: '',
    });
    expect(form.success).toBe(true);
    expect(claimDetailsFromForm(form.data!)).not.toHaveProperty('payout');
  });
  it('masks what it shows back', () => {
    expect(maskPan('ABCDE1234F')).toBe('AB******4F');
    expect(maskAccount('123456789012')).toBe('********9012');
    expect(maskUpi('ravi.kumar@okaxis')).toBe('ra********@okaxis');
  });
});
