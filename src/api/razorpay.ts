import type { GatewayResult } from '../../machines/checkout.machine.ts';

/** Razorpay's Checkout.js, loaded from their origin (the CSP allows it only with the Razorpay gateway). */
export const RAZORPAY_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayFailure {
  error?: {
    code?: string;
    description?: string;
    reason?: string;
    metadata?: { order_id?: string; payment_id?: string };
  };
}

export interface RazorpayOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: 'INR';
  name: string;
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', listener: (response: RazorpayFailure) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/** Adds the Checkout.js script element once; a failed load may be tried again later. */
export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const fail = (script: HTMLScriptElement | null) => {
      script?.remove();
      loading = null;
      reject(new Error('Razorpay Checkout could not be loaded'));
    };
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${RAZORPAY_CHECKOUT_URL}"]`);
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => (window.Razorpay ? resolve(window.Razorpay) : fail(script)), { once: true });
    script.addEventListener('error', () => fail(script), { once: true });
    if (!existing) {
      script.src = RAZORPAY_CHECKOUT_URL;
      script.async = true;
      document.head.appendChild(script);
    }
  });
  return loading;
}

export interface RazorpayCheckout {
  keyId: string;
  orderId: string;
  amountPaise: number;
  name: string;
  /** Told of a failure the gateway reported, so the server can record it (best effort). */
  onFailure?: (failure: RazorpayFailure) => void;
  /** Told of a dismissed modal (best effort). */
  onDismiss?: () => void;
}

/**
 * Opens Razorpay Checkout and settles with what the player did: success with the payment id and
 * signature (the server verifies them); when the modal is closed, failed if an attempt failed in
 * it (Checkout shows the failure and lets the player try again inside it, so a failure alone
 * settles nothing), else cancelled. Only the first settlement counts.
 */
export async function openRazorpay({
  keyId,
  orderId,
  amountPaise,
  name,
  onFailure,
  onDismiss,
}: RazorpayCheckout): Promise<GatewayResult> {
  const Razorpay = await loadRazorpay();
  return new Promise<GatewayResult>((resolve) => {
    let settled = false;
    const settle = (result: GatewayResult, effect?: () => void) => {
      if (settled) return;
      settled = true;
      effect?.();
      resolve(result);
    };
    let failure: RazorpayFailure | null = null;
    const checkout = new Razorpay({
      key: keyId,
      order_id: orderId,
      amount: amountPaise,
      currency: 'INR',
      name,
      handler: (response) =>
        settle({ outcome: 'success', paymentId: response.razorpay_payment_id, signature: response.razorpay_signature }),
      modal: {
        ondismiss: () => {
          const failed = failure;
          if (failed) settle({ outcome: 'failed' }, () => onFailure?.(failed));
          else settle({ outcome: 'cancelled' }, onDismiss);
        },
      },
    });
    checkout.on('payment.failed', (response) => {
      failure = response;
    });
    checkout.open();
  });
}

export type PaymentReturnFields = Record<string, string>;

/**
 * The fields POST /api/v1/payments/return reads for a Checkout closed without paying: cancelled,
 * or failed with Razorpay's reason and description (`checkoutClosed`: the attempt is over).
 */
export function unpaidReturnFields(
  orderId: string,
  outcome: 'failed' | 'cancelled',
  failure: RazorpayFailure | null,
): PaymentReturnFields {
  const error = failure?.error;
  const fields: PaymentReturnFields = {
    orderId,
    'error[reason]': outcome === 'cancelled' ? 'payment_cancelled' : error?.reason || 'payment_failed',
  };
  if (outcome === 'failed') {
    fields['error[code]'] = error?.code || 'BAD_REQUEST_ERROR';
    fields.checkoutClosed = '1';
  }
  if (error?.description) fields['error[description]'] = error.description.slice(0, 500);
  return fields;
}
