import { describe, expect, it } from 'vitest';
import {
  claimDetailsSchema,
  maskAccount,
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
    ['no payout', { ...valid, payout: undefined }],
    ['upi without handle', { ...valid, payout: { method: 'upi', upiId: 'ravi@' } }],
  ])('refuses %s', (_, details) => {
    expect(claimDetailsSchema.safeParse(details).success).toBe(false);
  });
  it('masks what it shows back', () => {
    expect(maskPan('ABCDE1234F')).toBe('AB******4F');
    expect(maskAccount('123456789012')).toBe('********9012');
    expect(maskUpi('ravi.kumar@okaxis')).toBe('ra********@okaxis');
  });
});
