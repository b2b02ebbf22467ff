// Issue 27, finding 7: a secret.key or vapid.json copied in at 0644 stayed 0644; DATA_DIR was 0755
// on PostgreSQL; upload folders 0755 and files 0644; originals kept their EXIF (GPS). Now the
// start-up tightens them (with a warning) and every stored picture but the contest picture's
// original loses its EXIF, XMP and IPTC.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { secureDataDir } from '../../server/data-dir.ts';
import { loadOrCreateVapidKeys } from '../../server/integrations/web-push.ts';
import { loadOrCreateSecret } from '../../server/secret.ts';
import { preparePictureFile, storePicture } from '../../server/services/pictures/picture.service.ts';
import { storeAvatarPicture } from '../../server/services/pictures/avatars.ts';
import { createPostgresDatabase, startServer, testDialects } from '../support/server-harness.ts';

const mode = (p: string) => statSync(p).mode & 0o777;
const scratch: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `cricspot-${name}-`));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A JPEG as a phone takes it: EXIF with the camera and GPS position, and an XMP packet naming its author. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#3a7d44' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'Ravi Kumar' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '12/1 58/1 20/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 35/1 40/1',
      },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Ravi Kumar</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();
}

describe('DATA_DIR and its files are tightened at start-up', () => {
  it('makes secret.key, vapid.json 0600, DATA_DIR and the upload folders 0700, their files 0600', () => {
    const dataDir = tempDir('modes');
    chmodSync(dataDir, 0o755);
    loadOrCreateSecret(dataDir);
    loadOrCreateVapidKeys(dataDir);
    chmodSync(path.join(dataDir, 'secret.key'), 0o644);
    chmodSync(path.join(dataDir, 'vapid.json'), 0o640);
    const uploads = path.join(dataDir, 'uploads');
    mkdirSync(path.join(uploads, 'pictures', 'p1'), { recursive: true, mode: 0o755 });
    writeFileSync(path.join(uploads, 'pictures', 'p1', 'large.jpg'), 'x', { mode: 0o644 });

    const fixed = secureDataDir(dataDir, uploads);
    expect(fixed.map((f) => [path.relative(dataDir, f.path), f.from, f.to])).toEqual(
      expect.arrayContaining([
        ['', '0755', '0700'],
        ['secret.key', '0644', '0600'],
        ['vapid.json', '0640', '0600'],
        ['uploads/pictures/p1/large.jpg', '0644', '0600'],
      ]),
    );
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'secret.key'))).toBe(0o600);
    expect(mode(path.join(dataDir, 'vapid.json'))).toBe(0o600);
    expect(mode(path.join(uploads, 'pictures'))).toBe(0o700);
    expect(mode(path.join(uploads, 'pictures', 'p1'))).toBe(0o700);
    expect(mode(path.join(uploads, 'pictures', 'p1', 'large.jpg'))).toBe(0o600);
    // Nothing left to do the second time.
    expect(secureDataDir(dataDir, uploads)).toEqual([]);
  });

  for (const dialect of testDialects) {
    it(`makes a new DATA_DIR 0700 on ${dialect}, and new upload folders and files private`, async () => {
      const dataDir = path.join(tempDir(`new-${dialect}`), 'data');
      const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
      const app = await buildApp(
        loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          ...(database ? { DATABASE_URL: database.url } : {}),
        }),
        { logger: false },
      );
      try {
        expect(mode(dataDir)).toBe(0o700);
        expect(mode(path.join(dataDir, 'secret.key'))).toBe(0o600);
        expect(mode(path.join(dataDir, 'vapid.json'))).toBe(0o600);
        const picture = await storePicture(app.db, app.pictures, await phonePhoto(), 'prize');
        const folder = path.join(app.config.uploadsDir, 'pictures', picture.id);
        expect(mode(app.config.uploadsDir)).toBe(0o700);
        expect(mode(folder)).toBe(0o700);
        for (const v of picture.variants) expect(mode(path.join(app.config.uploadsDir, v.path))).toBe(0o600);
      } finally {
        await app.close();
        await database?.drop();
      }
    });
  }
});

describe('stored pictures carry no metadata but the contest original', () => {
  const server = startServer('sqlite');
  const metadataOf = async (file: string) => {
    const m = await sharp(readFileSync(path.join(server.config.uploadsDir, file))).metadata();
    return { exif: m.exif !== undefined, xmp: m.xmp !== undefined, iptc: m.iptc !== undefined };
  };
  const none = { exif: false, xmp: false, iptc: false };

  it('strips EXIF (GPS) and XMP from the original and copies of prize and practice pictures', async () => {
    const photo = await phonePhoto();
    expect(await sharp(photo).metadata()).toMatchObject({ exif: expect.any(Buffer), xmp: expect.any(Buffer) });
    for (const kind of ['prize', 'practice_removed', 'practice_original'] as const) {
      const picture = await storePicture(server.app.db, server.app.pictures, photo, kind);
      for (const v of picture.variants) expect(await metadataOf(v.path), `${kind} ${v.name}`).toEqual(none);
      const original = picture.variants.find((v) => v.name === 'original')!;
      expect(original).toMatchObject({ width: 320, height: 200 });
      expect(readFileSync(path.join(server.config.uploadsDir, original.path)).includes('PhoneMaker')).toBe(false);
    }
  });

  it('strips them from an uploaded file too (the console upload path)', async () => {
    const file = path.join(tempDir('upload'), 'photo.jpg');
    writeFileSync(file, await phonePhoto());
    const picture = await preparePictureFile(server.app.pictures, file, 'prize');
    for (const v of picture.variants) expect(await metadataOf(v.path)).toEqual(none);
  });

  it("keeps the contest picture's original exactly as uploaded (never served), its copies stripped", async () => {
    const photo = await phonePhoto();
    const picture = await storePicture(server.app.db, server.app.pictures, photo, 'contest');
    const original = picture.variants.find((v) => v.name === 'original')!;
    expect(readFileSync(path.join(server.config.uploadsDir, original.path)).equals(photo)).toBe(true);
    for (const v of picture.variants.filter((x) => x.name !== 'original'))
      expect(await metadataOf(v.path)).toEqual(none);
  });

  it('stores an avatar without any of it', async () => {
    const picture = await storeAvatarPicture(server.app.db, server.app.pictures, await phonePhoto(), Date.now());
    expect(await metadataOf(picture.variants[0]!.path)).toEqual(none);
  });
});
