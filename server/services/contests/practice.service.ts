import type { Kysely } from 'kysely';
import { distance } from '../../../domain/judging.ts';
import type { PracticePairAnswer, PracticeResultAnswer } from '../../../domain/practice.ts';
import { PRACTICE_ERROR_CODES, PRACTICE_ERROR_MESSAGES } from '../../../domain/practice-answers.ts';
import {
  canSubmit,
  isInsidePicture,
  TRIAL_MAX_TICKETS,
  type TicketPoint,
  type TicketRuleReason,
} from '../../../domain/tickets.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, ticketRefused } from '../../errors.ts';
import { displayPicture } from '../pictures/serving.ts';
import type { PictureStore } from '../../storage/picture-store.ts';

const noImagePairs = () => new AppError(404, PRACTICE_ERROR_CODES.noImagePairs, PRACTICE_ERROR_MESSAGES.noImagePairs);
const noGameImage = () => new AppError(404, PRACTICE_ERROR_CODES.noGameImage, PRACTICE_ERROR_MESSAGES.noGameImage);

const ruleBroken = (reason: TicketRuleReason) => ticketRefused(reason);

const activePairs = (db: Kysely<Database>) => db.selectFrom('practice_pairs').where('is_active', '=', 1);

/**
 * The next active pair in play order (sort_order, then id) after `after`, wrapping round to the
 * first. An unknown `after` starts from the first; an inactive one still keeps its place.
 */
export async function nextPracticePair(
  db: Kysely<Database>,
  store: PictureStore,
  after?: string,
): Promise<PracticePairAnswer> {
  const from = after
    ? await db.selectFrom('practice_pairs').select(['id', 'sort_order']).where('id', '=', after).executeTakeFirst()
    : undefined;
  const columns = ['id', 'removed_picture_id'] as const;
  let pair = from
    ? await activePairs(db)
        .select(columns)
        .where((eb) =>
          eb.or([
            eb('sort_order', '>', from.sort_order),
            eb.and([eb('sort_order', '=', from.sort_order), eb('id', '>', from.id)]),
          ]),
        )
        .orderBy('sort_order')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  pair ??= await activePairs(db).select(columns).orderBy('sort_order').orderBy('id').limit(1).executeTakeFirst();
  if (!pair) throw noImagePairs();
  const picture = await displayPicture(db, store, pair.removed_picture_id);
  if (!picture) throw noGameImage();
  return { pairId: pair.id, picture };
}

/** The picture of the first practice game (what nextPracticePair without `after` shows); 'No image pairs available' without one. */
export async function firstPracticePictureId(db: Kysely<Database>): Promise<string> {
  const pair = await activePairs(db)
    .select(['removed_picture_id'])
    .orderBy('sort_order')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!pair) throw noImagePairs();
  return pair.removed_picture_id;
}

/** Checks a practice answer with the ticket rules of the game, in the spec's words. */
function checkTickets(tickets: readonly TicketPoint[], picture: { width: number; height: number }): void {
  if (tickets.length > TRIAL_MAX_TICKETS) throw ruleBroken({ code: 'noMoreTickets' });
  for (const point of tickets) if (!isInsidePicture(point, picture)) throw ruleBroken({ code: 'outOfBounds' });
  const verdict = canSubmit(tickets.map((point, i) => ({ id: String(i), point })));
  if (!verdict.ok) throw ruleBroken(verdict.reason);
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The true ball, each ticket's distance to it and the reveal picture. Inactive pairs may still be answered. */
export async function submitPractice(
  db: Kysely<Database>,
  store: PictureStore,
  pairId: string,
  tickets: readonly TicketPoint[],
): Promise<PracticeResultAnswer> {
  const pair = await db
    .selectFrom('practice_pairs')
    .innerJoin('pictures', 'pictures.id', 'practice_pairs.removed_picture_id')
    .select([
      'practice_pairs.original_picture_id',
      'practice_pairs.ball_x',
      'practice_pairs.ball_y',
      'practice_pairs.ball_width',
      'pictures.width',
      'pictures.height',
    ])
    .where('practice_pairs.id', '=', pairId)
    .executeTakeFirst();
  if (!pair) throw noImagePairs();
  checkTickets(tickets, pair);
  const reveal = await displayPicture(db, store, pair.original_picture_id);
  if (!reveal) throw noGameImage();

  const ball = { x: pair.ball_x, y: pair.ball_y };
  const exact = tickets.map((t) => distance(t, ball));
  let bestIndex = 0;
  // Integer pixels make these distances' squares exact, so a tie is a true tie and goes to the first ticket.
  exact.forEach((d, i) => {
    if (d < exact[bestIndex]!) bestIndex = i;
  });
  return { ball, distances: exact.map(oneDecimal), bestIndex, ballWidth: pair.ball_width, reveal };
}
