import type { Kysely } from 'kysely';
import type { InvoiceConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { PaymentGateway } from '../../integrations/payments/gateway.ts';
import type { ReceiptDeps } from './receipts.ts';

interface Logger {
  error(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export interface PaymentDeps {
  db: Kysely<Database>;
  gateway: PaymentGateway;
  /** The series the invoice (at success) and the credit note (at a refund) are numbered in. */
  invoices: Pick<InvoiceConfig, 'prefix' | 'creditNotePrefix'>;
  /** Sends the receipt right after a success; without it the payments job sends it on its next run. */
  receipts?: ReceiptDeps;
  log?: Logger;
  /**
   * PAID_PLAY's default (the console's switch decides once set): money that arrives while paid
   * play is off buys no tickets and goes back (payments/finalize.ts).
   */
  paidPlayDefault: boolean;
}

/** What a refund needs (payments/finalize.ts settleRefund). */
export type RefundDeps = Pick<PaymentDeps, 'db' | 'gateway' | 'invoices' | 'log'>;
