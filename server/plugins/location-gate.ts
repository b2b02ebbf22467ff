import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertCountryAllowed, assertMayPlay } from '../services/contests/location.service.ts';

/**
 * The route hooks of the play gate (rules in server/services/contests/location.service.ts):
 * - indiaOnly: sign-up; the address must be in India.
 * - mayPlay: every cart, ticket and payment call that adds or pays; India by address and a valid
 *   check of this session's device in a state that is not restricted. Put it after the login check.
 */
export function indiaOnly(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    assertCountryAllowed(app.config.location, request.ip);
  };
}

export function mayPlay(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    await assertMayPlay({ db: app.db, config: app.config.location, secret: app.secret, now: app.clock.now() }, request);
  };
}
