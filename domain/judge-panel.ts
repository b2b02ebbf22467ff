/**
 * The judges' panel and the admin's review of a result: what travels between the console and the
 * server. The rules of the judged point and of the ranking are in judging.ts.
 */
import { z } from 'zod';
import { gamePictureSchema } from './practice.ts';

/** How many judges must mark a contest before its judged point is fixed (a setting; the default). */
export const JUDGES_REQUIRED_DEFAULT = 3;
export const JUDGES_REQUIRED_MIN = 1;
export const JUDGES_REQUIRED_MAX = 9;

/** How many of the best entries the admin's review lists. */
export const REVIEW_TOP_ENTRIES = 20;

export const JUDGING_ERROR_CODES = {
  contestNotFound: 'CONTEST_NOT_FOUND',
  notClosed: 'CONTEST_NOT_CLOSED',
  notJudgeable: 'CONTEST_NOT_JUDGEABLE',
  alreadyMarked: 'ALREADY_MARKED',
  outsidePicture: 'MARK_OUTSIDE_PICTURE',
  notJudged: 'RESULT_NOT_JUDGED',
  markNotFound: 'MARK_NOT_FOUND',
  pictureMissing: 'PICTURE_MISSING',
} as const;

export const JUDGING_MESSAGES = {
  contestNotFound: 'This contest does not exist.',
  notClosed: 'This contest is still open: judges mark the ball after it closes.',
  notJudgeable: 'This contest can no longer be judged: its result is fixed or it was cancelled.',
  alreadyMarked:
    'You have already marked this contest. A submitted mark is final; an admin can reset it before the result is judged.',
  outsidePicture: 'Your mark must be inside the picture.',
  notJudged: 'This result cannot be published yet: the required number of judges have not all marked.',
  markNotFound: 'This judge has no mark on this contest.',
  pictureMissing: "This contest's picture is missing. Ask an admin to check the picture.",
  published: 'The result is published. The winner and every entrant are being told.',
  publishedBeforeShow:
    'The result is published. It stays hidden until the winner show starts; the winner and every entrant are told then.',
} as const;

export const judgeMarkBodySchema = z.object({
  x: z
    .number({ error: 'Your mark must be inside the picture.' })
    .int('Your mark must be inside the picture.')
    .min(0, 'Your mark must be inside the picture.'),
  y: z
    .number({ error: 'Your mark must be inside the picture.' })
    .int('Your mark must be inside the picture.')
    .min(0, 'Your mark must be inside the picture.'),
});
export type JudgeMarkBody = z.infer<typeof judgeMarkBodySchema>;

export const judgesRequiredBodySchema = z.object({
  judgesRequired: z
    .number({ error: `Enter a whole number from ${JUDGES_REQUIRED_MIN} to ${JUDGES_REQUIRED_MAX}.` })
    .int(`Enter a whole number from ${JUDGES_REQUIRED_MIN} to ${JUDGES_REQUIRED_MAX}.`)
    .min(JUDGES_REQUIRED_MIN, `Enter a whole number from ${JUDGES_REQUIRED_MIN} to ${JUDGES_REQUIRED_MAX}.`)
    .max(JUDGES_REQUIRED_MAX, `Enter a whole number from ${JUDGES_REQUIRED_MIN} to ${JUDGES_REQUIRED_MAX}.`),
});

export const judgingStateSchema = z.enum(['awaiting', 'judging', 'judged', 'published']);
export type JudgingState = z.infer<typeof judgingStateSchema>;

/** A closed contest on the judges' list: how many have marked, never where. */
/** POST /judge/contests/:id/mark: where judging stands after the mark (never where others marked). */
export const judgeMarkAnswerSchema = z.object({
  state: judgingStateSchema,
  marks: z.number().int(),
  required: z.number().int(),
});
export type JudgeMarkAnswer = z.infer<typeof judgeMarkAnswerSchema>;

/** POST /admin/results/:id/publish: the notices queued and when players see the result (ms). */
export const publishAnswerSchema = z.object({ notices: z.number().int(), publicAt: z.number().int() });
export type PublishAnswer = z.infer<typeof publishAnswerSchema>;

/** GET and PUT /admin/judging/settings. */
export const judgesRequiredAnswerSchema = z.object({ judgesRequired: z.number().int() });

export const judgeQueueItemSchema = z.object({
  contestId: z.string(),
  windowKey: z.string(),
  closesAt: z.number(),
  showAt: z.number(),
  state: judgingStateSchema,
  marks: z.number().int(),
  required: z.number().int(),
  /** When I (the judge asking) submitted, else null. */
  myMarkAt: z.number().nullable(),
  /**
   * Whether the entry list is sealed (issue 12). A closed contest is sealed once none of its
   * reservations can still be paid; until then nobody judges it.
   */
  sealed: z.boolean(),
});
export type JudgeQueueItem = z.infer<typeof judgeQueueItemSchema>;

export const judgeQueueSchema = z.object({ contests: z.array(judgeQueueItemSchema), required: z.number().int() });
export type JudgeQueue = z.infer<typeof judgeQueueSchema>;

/** One contest on the panel: the ball-removed picture and my own mark only. */
export const judgeContestSchema = judgeQueueItemSchema.extend({
  picture: gamePictureSchema,
  myMark: z.object({ x: z.number().int(), y: z.number().int(), at: z.number() }).nullable(),
});
export type JudgeContest = z.infer<typeof judgeContestSchema>;

export const reviewMarkSchema = z.object({
  judgeId: z.string(),
  judgeName: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  at: z.number(),
});
export type ReviewMark = z.infer<typeof reviewMarkSchema>;

export const reviewEntrySchema = z.object({
  rank: z.number().int(),
  ticketId: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  distance: z.number(),
  firstName: z.string(),
  /** The player's state from their prize claim (the winner, once they claim); null otherwise. */
  state: z.string().nullable(),
  confirmedAt: z.number(),
});
export type ReviewEntry = z.infer<typeof reviewEntrySchema>;

/** The admin's review: every judge's mark with name and time, the judged point, the best entries. */
export const resultReviewSchema = z.object({
  contestId: z.string(),
  windowKey: z.string(),
  state: judgingStateSchema,
  closesAt: z.number(),
  /** Issue 26: the winner show; a result published before it stays hidden until then. */
  showAt: z.number().optional(),
  required: z.number().int(),
  picture: gamePictureSchema,
  /** The viewer is or has been a judge of this contest: other judges' marks are withheld until the result is published. */
  marksHidden: z.boolean(),
  /** How many judges have marked (a count, shown even while the marks themselves are hidden). */
  markCount: z.number().int(),
  marks: z.array(reviewMarkSchema),
  judged: z.object({ x: z.number(), y: z.number(), at: z.number() }).nullable(),
  entries: z.array(reviewEntrySchema),
  ticketCount: z.number().int(),
  entrantCount: z.number().int(),
  publishedAt: z.number().nullable(),
  publishedBy: z.string().nullable(),
  /**
   * The result notices (issue 26): one per entrant. `sent`: told by SMS or e-mail; `notTold`:
   * closed without a message (the account was deleted); `failed`: every try failed (no more
   * retries); `pending`: still to go (sending now, or waiting for `sendsAt`, the winner show, when
   * the result was published before it).
   */
  notices: z.object({
    total: z.number().int(),
    sent: z.number().int(),
    notTold: z.number().int(),
    failed: z.number().int(),
    pending: z.number().int(),
    sendsAt: z.number().nullable(),
  }),
});
export type ResultReview = z.infer<typeof resultReviewSchema>;

/** The judged point as a float, from its exact stored fraction. */
export function judgedPointOf(row: {
  judged_sum_x: number | null;
  judged_sum_y: number | null;
  judged_count: number | null;
}): { x: number; y: number } | null {
  if (row.judged_sum_x === null || row.judged_sum_y === null || !row.judged_count) return null;
  return { x: row.judged_sum_x / row.judged_count, y: row.judged_sum_y / row.judged_count };
}
