/**
 * The domain's schema of every answer src/api reads, by name, for `checked` (checked.ts). Only a
 * development or test build loads this module (a dynamic import inside `import.meta.env.DEV`), so
 * neither it nor zod reaches a production page.
 */
import { z } from 'zod';
import { adminContestSchema, adminContestsPageSchema, contestDefaultsSchema } from '../../domain/admin-contests.ts';
import { countersCheckSchema, countersRepairSchema } from '../../domain/admin-contests/counters.ts';
import { contestDefaultsPageSchema } from '../../domain/admin-contests/defaults.ts';
import { contactMessageSchema, messagePageSchema } from '../../domain/admin-messages.ts';
import { adminPaymentCountsSchema, adminPaymentsPageSchema } from '../../domain/admin-payments.ts';
import {
  adminPictureDetailSchema,
  adminPicturePageSchema,
  adminPictureSchema,
  adminPracticePairSchema,
} from '../../domain/admin-pictures.ts';
import { adminPressPageSchema, adminPressSchema } from '../../domain/admin-press.ts';
import { promoPageSchema, promoSchema } from '../../domain/admin-promos.ts';
import { paidPlayStateSchema } from '../../domain/admin-settings.ts';
import { userDetailSchema, userSummarySchema } from '../../domain/admin-users.ts';
import { auditPageSchema } from '../../domain/audit.ts';
import { contestBallWidthSchema } from '../../domain/contest-ball-width.ts';
import { cartSchema, currentContestsSchema, freeCheckoutAnswerSchema } from '../../domain/contests.ts';
import { supplyStateAnswerSchema } from '../../domain/india-states.ts';
import {
  judgeContestSchema,
  judgeMarkAnswerSchema,
  judgeQueueSchema,
  judgesRequiredAnswerSchema,
  publishAnswerSchema,
  resultReviewSchema,
} from '../../domain/judge-panel.ts';
import { restrictedStatesStateSchema } from '../../domain/location.ts';
import { paymentOrderAnswerSchema, paymentSchema, promoAnswerSchema } from '../../domain/payments.ts';
import { pressArticleSchema, pressListSchema } from '../../domain/press.ts';
import {
  adminClaimDetailSchema,
  adminClaimRowSchema,
  adminClaimsPageSchema,
  tdsSettingsSchema,
  unclaimedWinnersSchema,
} from '../../domain/results/admin-claims.ts';
import { myClaimSchema, myEntriesSchema } from '../../domain/results/my-entries.ts';
import { liveShowSchema, winnersPageSchema } from '../../domain/results/winners.ts';
import { staffRoleSchema } from '../../domain/roles.ts';
import { siteSettingsSchema } from '../../domain/site.ts';
import {
  accountUserSchema,
  profileUpdateSchema,
  profileUserSchema,
  socialLoginAnswerSchema,
  socialPrefillSchema,
} from '../../domain/users.ts';

/** The `{ data }` of an answer that carries one thing under a name (`{ user }`, `{ pairs }`). */
const under = <K extends string, S extends z.ZodType>(key: K, schema: S) => z.object({ [key]: schema } as Record<K, S>);

export const answerSchemas = {
  // Players
  profile: under('user', profileUserSchema),
  profileUpdate: profileUpdateSchema,
  socialPrefill: socialPrefillSchema,
  socialLogin: socialLoginAnswerSchema,
  accountUser: under('user', accountUserSchema),
  otpToken: z.object({ otpToken: z.string() }),
  passwordCode: z.object({ otpToken: z.string(), hadPassword: z.boolean() }),
  empty: z.object({}),
  contactSent: z.object({ id: z.string() }),
  pushKey: z.object({ publicKey: z.string() }),
  site: siteSettingsSchema,
  currentContests: currentContestsSchema,
  cart: cartSchema,
  freeCheckout: freeCheckoutAnswerSchema,
  promo: promoAnswerSchema,
  paymentOrder: paymentOrderAnswerSchema,
  payment: paymentSchema,
  payments: z.array(paymentSchema),
  supplyState: supplyStateAnswerSchema,
  pressList: pressListSchema,
  pressArticle: pressArticleSchema,
  liveShow: liveShowSchema,
  winners: winnersPageSchema,
  myEntries: myEntriesSchema,
  myClaim: myClaimSchema,
  // The console
  auditPage: auditPageSchema,
  roles: under('roles', z.array(staffRoleSchema)),
  claimsPage: adminClaimsPageSchema,
  claimDetail: adminClaimDetailSchema,
  claimRow: adminClaimRowSchema,
  tds: tdsSettingsSchema,
  unclaimedWinners: unclaimedWinnersSchema,
  contestsPage: adminContestsPageSchema,
  contest: adminContestSchema,
  contestDefaults: contestDefaultsSchema,
  contestDefaultsPage: contestDefaultsPageSchema,
  countersCheck: countersCheckSchema,
  countersRepair: countersRepairSchema,
  judgeQueue: judgeQueueSchema,
  judgeContest: judgeContestSchema,
  judgeMark: judgeMarkAnswerSchema,
  resultReview: resultReviewSchema,
  published: publishAnswerSchema,
  judgesRequired: judgesRequiredAnswerSchema,
  messagePage: messagePageSchema,
  message: under('message', contactMessageSchema),
  adminPaymentsPage: adminPaymentsPageSchema,
  adminPaymentCounts: adminPaymentCountsSchema,
  picturePage: adminPicturePageSchema,
  pictureDetail: adminPictureDetailSchema,
  picture: adminPictureSchema,
  pairs: under('pairs', z.array(adminPracticePairSchema)),
  pair: under('pair', adminPracticePairSchema),
  practicePair: adminPracticePairSchema,
  ballWidth: contestBallWidthSchema,
  pressPage: adminPressPageSchema,
  article: under('article', adminPressSchema),
  promoPage: promoPageSchema,
  adminPromo: under('promo', promoSchema),
  users: under('users', z.array(userSummarySchema)),
  user: under('user', userDetailSchema),
  paidPlay: under('paidPlay', paidPlayStateSchema),
  restrictedStates: z.object({ restrictedStates: restrictedStatesStateSchema, changed: z.boolean() }),
} satisfies Record<string, z.ZodType>;

export type AnswerSchemas = typeof answerSchemas;
