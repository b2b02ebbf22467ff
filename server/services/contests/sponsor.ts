import type { Kysely } from 'kysely';
import type { SponsorView } from '../../../domain/sponsor.ts';
import type { Database } from '../../db/schema.ts';
import type { PictureStore } from '../../storage/picture-store.ts';
import { displayPicture } from '../pictures/serving.ts';

/** A contest's sponsor as the public pages show it (issue 26): null when it names none. */
export async function sponsorView(
  db: Kysely<Database>,
  store: PictureStore,
  contest: { sponsor_name: string | null; sponsor_url: string | null; sponsor_picture_id: string | null },
): Promise<SponsorView | null> {
  const name = contest.sponsor_name;
  if (!name) return null;
  const logo = contest.sponsor_picture_id ? await displayPicture(db, store, contest.sponsor_picture_id) : undefined;
  return {
    name,
    url: contest.sponsor_url,
    logoUrl: logo?.variants.find((v) => v.name === 'small')?.url ?? null,
  };
}
