import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { Config } from '../../server/config.ts';
import type { Database } from '../../server/db/schema.ts';
import { type StoredPicture } from '../../server/services/pictures/shared.ts';
import { storePicture } from '../../server/services/pictures/picture.service.ts';
import { createPictureStore } from '../../server/storage/picture-store.ts';

/** A plain green contest picture of the given size, stored in the bench's database as an upload is. */
export async function storeContestPicture(
  db: Kysely<Database>,
  config: Pick<Config, 'pictureStorage' | 'uploadsDir'>,
  size: { width: number; height: number },
): Promise<StoredPicture> {
  const jpeg = await sharp({ create: { ...size, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .toBuffer();
  return storePicture(
    db,
    createPictureStore(config.pictureStorage, { db, uploadsDir: config.uploadsDir }),
    jpeg,
    'contest',
  );
}
