import type { Generated } from 'kysely';

/** Promo codes, payments, webhook events, the sandbox gateway's orders and invoices. */

/** Codes are stored upper case; 'percent' uses basis_points (and cap_paise), 'flat' amount_paise. */
export interface PromoCodesTable {
  code: string;
  kind: 'percent' | 'flat';
  basis_points: number;
  amount_paise: number;
  cap_paise: number | null;
  valid_from: number;
  valid_until: number;
  /** null = no limit. */
  max_uses: number | null;
  max_uses_per_user: number | null;
  is_active: number;
  created_at: number;
}

export interface PromoRedemptionsTable {
  id: string;
  promo_code: string;
  user_id: string;
  payment_id: string;
  created_at: number;
}

/** The promo applied to one person's cart for one contest. */
export interface CartPromosTable {
  user_id: string;
  contest_id: string;
  promo_code: string;
  created_at: number;
}

export type PaymentStatus = 'pending' | 'success' | 'failed' | 'cancelled' | 'error';
export type GatewayName = 'sandbox' | 'razorpay';

export interface PaymentsTable {
  id: string;
  user_id: string;
  reservation_id: string;
  contest_id: string;
  gateway: GatewayName;
  gateway_order_id: string;
  gateway_payment_id: string | null;
  status: PaymentStatus;
  amount_paise: number;
  /** The bill at order time, as JSON (domain/money Bill). */
  bill_json: string;
  promo_code: string | null;
  ref_no: string;
  phone: string;
  failure_reason: string | null;
  /** domain/payments.ts PaymentFailureCode: why, in words the web translates (migration 2026-11-27-200). */
  failure_code: Generated<string | null>;
  /** 1 when money came in for tickets we could not give (expired reservation, late capture): refund it. */
  refund_due: Generated<number>;
  refund_id: string | null;
  refunded_at: number | null;
  created_at: number;
  updated_at: number;
  finalized_at: number | null;
}

export interface WebhookEventsTable {
  event_id: string;
  gateway: string;
  received_at: number;
  payload_hash: string;
}

/** The embedded sandbox gateway's orders (what Razorpay would keep on its side). */
export interface SandboxOrdersTable {
  id: string;
  amount_paise: number;
  receipt: string;
  notes_json: string;
  status: 'created' | 'paid' | 'failed' | 'cancelled';
  payment_id: string | null;
  refund_id: string | null;
  created_at: number;
  /** When Success was pressed (the capture time); null until paid. */
  paid_at: Generated<number | null>;
}

export interface InvoicesTable {
  id: string;
  payment_id: string;
  /** e.g. 'CS/2026-27/000001'. */
  number: string;
  /** e.g. '2026-27' (April to March, IST). */
  financial_year: string;
  serial: number;
  issued_at: number;
}

export interface InvoiceCountersTable {
  financial_year: string;
  last_number: number;
}
