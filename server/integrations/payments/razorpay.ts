import { GatewayError, type GatewayOrderStatus, type PaymentGateway } from './gateway.ts';
import { verifyCheckoutSignature, verifyWebhookSignature } from './signatures.ts';
import { readRazorpayWebhook } from './razorpay-shape.ts';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com in production; a local fake server in tests. */
  apiUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const RAZORPAY_API_URL = 'https://api.razorpay.com';

const ORDER_STATUSES = new Set<GatewayOrderStatus>(['paid', 'attempted', 'created', 'failed']);

/**
 * Razorpay through its REST API (Orders, Payments, Refunds) with basic auth. Every call has a
 * timeout: a gateway that hangs must not hold a request (or the reconciliation job) forever.
 */
export function createRazorpayGateway(options: RazorpayOptions): PaymentGateway {
  const base = (options.apiUrl ?? RAZORPAY_API_URL).replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: auth,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GatewayError(
        `razorpay: ${method} ${path} did not answer (${error instanceof Error ? error.name : 'error'})`,
        { cause: error },
      );
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      let description = '';
      try {
        description = (JSON.parse(text) as { error?: { description?: string } }).error?.description ?? '';
      } catch {
        description = '';
      }
      throw new GatewayError(
        `razorpay: ${method} ${path} answered ${response.status}${description ? `: ${description}` : ''}`,
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch (error) {
      throw new GatewayError(`razorpay: ${method} ${path} answered something that is not JSON`, { cause: error });
    }
  }

  return {
    name: 'razorpay',
    keyId: options.keyId,
    failuresEndOrders: false,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await call<{ id?: unknown }>('POST', '/v1/orders', {
        amount: amountPaise,
        currency: 'INR',
        receipt: receipt.slice(0, 40),
        notes,
      });
      if (typeof order.id !== 'string' || order.id === '') throw new GatewayError('razorpay: the order has no id');
      return { orderId: order.id };
    },
    verifyReturn: (payload) => verifyCheckoutSignature(options.keySecret, payload),
    verifyWebhook: (rawBody, header) => verifyWebhookSignature(options.webhookSecret, rawBody, header),
    readWebhook: (rawBody, headers) => readRazorpayWebhook(options.webhookSecret, rawBody, headers),
    async fetchOrderStatus(orderId) {
      const id = encodeURIComponent(orderId);
      const order = await call<{ status?: unknown }>('GET', `/v1/orders/${id}`);
      const status = order.status as GatewayOrderStatus;
      if (!ORDER_STATUSES.has(status)) throw new GatewayError(`razorpay: unknown order status ${String(order.status)}`);
      if (status !== 'paid') return { status, paymentId: null };
      const payments = await call<{ items?: Array<{ id?: string; status?: string; created_at?: number }> }>(
        'GET',
        `/v1/orders/${id}/payments`,
      );
      const captured = payments.items?.find((p) => p.status === 'captured');
      return {
        status,
        paymentId: captured?.id ?? null,
        ...(typeof captured?.created_at === 'number' ? { paidAt: captured.created_at * 1000 } : {}),
      };
    },
    async refund(paymentId, amountPaise) {
      const refund = await call<{ id?: unknown }>('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, {
        amount: amountPaise,
      });
      if (typeof refund.id !== 'string') throw new GatewayError('razorpay: the refund has no id');
      return { refundId: refund.id };
    },
  };
}
