/**
 * The picture a shared link's preview shows (og:image: WhatsApp, Facebook, X): the current
 * contest's picture as the home page shows it (the ball hidden), else the first practice game's,
 * cropped to the card's 1.91:1 and signed with the site's mark; the mark on the brand's green when
 * the site has no picture yet. Made with sharp once per source picture and kept, so it follows
 * the console's contests and practice pictures by itself.
 */
import sharp from 'sharp';
import { SHARE_CARD_SIZE } from '../../../domain/site-paths.ts';
import { BRAND_GREEN, markAt } from './brand-mark.ts';
import { bufferOf, keptCopies, type ServableFile } from './serving.ts';

const { width: W, height: H } = SHARE_CARD_SIZE;
/** The mark's size on a photo card: readable in a chat's small preview, not hiding the picture. */
const MARK_ON_PHOTO = 120;
const MARK_MARGIN = 40;
/** The mark's size alone on the brand card. */
const MARK_ALONE = 300;

/** A soft shade along the bottom, so the mark stands out on a bright photo. */
const SHADE = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
    '<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/>' +
    `</linearGradient></defs><rect width="${W}" height="${H}" fill="url(#s)"/></svg>`,
);

async function photoCard(source: ServableFile): Promise<Buffer> {
  return sharp(await bufferOf(source.body))
    .resize({ width: W, height: H, fit: 'cover', position: 'attention' })
    .composite([
      { input: SHADE, top: 0, left: 0 },
      { input: markAt(MARK_ON_PHOTO), top: H - MARK_ON_PHOTO - MARK_MARGIN, left: MARK_MARGIN },
    ])
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

async function brandCard(): Promise<Buffer> {
  return sharp({ create: { width: W, height: H, channels: 3, background: BRAND_GREEN } })
    .composite([{ input: markAt(MARK_ALONE), top: (H - MARK_ALONE) / 2, left: (W - MARK_ALONE) / 2 }])
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}

/** The cards made, by their source's ETag: the current one and the one before are enough. */
const cards = keptCopies(2);

/** The share card for `source` (the brand card for none), as a servable JPEG with its own ETag. */
export async function shareCard(source: ServableFile | undefined): Promise<ServableFile> {
  const key = source?.etag ?? 'brand';
  const body = await cards(key, source, () => (source ? photoCard(source) : brandCard()));
  const etag = `"card-${key.replace(/"/g, '')}"`;
  return { body, bytes: body.length, mime: 'image/jpeg', etag };
}
