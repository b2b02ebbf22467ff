import type { Kysely } from 'kysely';
import type { PaymentsConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { PaymentGateway } from './gateway.ts';
import { createRazorpayGateway } from './razorpay.ts';
import { createSandboxGateway } from './sandbox.ts';

/** The configured gateway, or null when payments are off (production without PAYMENT_GATEWAY). */
export function selectGateway(
  config: PaymentsConfig,
  db: Kysely<Database>,
  serverSecret: string,
  now: () => number,
): PaymentGateway | null {
  if (config.gateway === 'razorpay' && config.razorpay) return createRazorpayGateway(config.razorpay);
  if (config.gateway === 'sandbox') return createSandboxGateway(db, serverSecret, now);
  return null;
}
