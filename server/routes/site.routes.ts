import type { FastifyInstance } from 'fastify';
import { siteSettingsSchema } from '../../domain/site.ts';
import { envelope, pictureAnswers } from '../plugins/zod-schemas.ts';
import { indianStateByCode } from '../geo/india-states.ts';
import { restrictedStateCodes } from '../services/contests/location.service.ts';
import { allInTicketPrice } from '../../domain/money.ts';
import { currentContests, currentPictureFile, paidPlayView } from '../services/contests/contest.service.ts';
import { firstPracticePictureId } from '../services/contests/practice.service.ts';
import { findServableVariant } from '../services/pictures/serving.ts';
import { shareCard } from '../services/pictures/share-card.ts';
import { sendPicture } from './pictures.routes.ts';

/** How long a crawler or a browser may keep the share card: a new contest shows within the hour. */
const SHARE_CARD_CACHE_CONTROL = 'public, max-age=3600';

/** Public: the settings the information pages state (paid play on, suspended or waiting for a gateway, the GST rates, the restricted states). */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  app.get('/site', { schema: { response: { 200: envelope(siteSettingsSchema) } } }, async (_request, reply) => {
    const { billing } = app.config;
    // The paid-play switch changes from the console at any time; the page must say what is true now.
    void reply.header('cache-control', 'no-store');
    const paidPlay = await paidPlayView(app.db, app.config.paidPlayDefault, app.payments !== null);
    const { current } = await currentContests(app.db, app.clock.now());
    const examplePrice =
      current && current.ticket_price_paise > 0
        ? current.ticket_price_paise
        : app.config.contestDefaults.ticketPricePaise;
    return {
      data: {
        paidPlay: paidPlay.enabled,
        ...(paidPlay.reason ? { paidPlayReason: paidPlay.reason } : {}),
        billing: {
          entryGstBasisPoints: billing.entryGstBasisPoints,
          entryGstSince: billing.entryGstSince,
          feeGstBasisPoints: billing.feeGstBasisPoints,
          platformFeePaisePerTicket: billing.platformFeePaisePerTicket,
          examplePricePaise: examplePrice,
          exampleAllInPaise: allInTicketPrice(billing, examplePrice),
        },
        location: {
          restrictedStates: (await restrictedStateCodes(app.db, app.config.location)).flatMap(
            (code) => indianStateByCode(code) ?? [],
          ),
          checkMinutes: app.config.location.ttlMinutes,
        },
        googleSignIn: app.config.googleClientId !== undefined,
      },
    };
  });

  // The picture of a shared link's preview (og:image on every pre-rendered page): the current
  // contest's, else the first practice game's, else the brand card.
  app.get('/site/card', { schema: { response: pictureAnswers } }, async (request, reply) => {
    const source =
      (await currentPictureFile(app.db, app.pictures, app.clock.now())) ??
      (await firstPracticePictureId(app.db).then(
        (id) => findServableVariant(app.db, app.pictures, id, 'small'),
        () => undefined,
      ));
    return sendPicture(request, reply, await shareCard(source), SHARE_CARD_CACHE_CONTROL);
  });
}
