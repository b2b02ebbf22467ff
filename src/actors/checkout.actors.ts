import { fromPromise } from 'xstate';
import { BRAND } from '../../domain/brand.ts';
import type { Bill } from '../../domain/money.ts';
import type { PaymentOrderAnswer, PaymentReturnTo } from '../../domain/payments.ts';
import {
  checkoutMachine,
  type GatewayInput,
  type GatewayResult,
  type LoadedBill,
  type WatchedPayment,
} from '../../machines/checkout.machine.ts';
import { fetchCart } from '../api/contests.ts';
import { ApiError, dataOf, http } from '../api/http.ts';
import { applyPromoCode, createPaymentOrder, removePromoCode, retryPaymentOrder } from '../api/payments.ts';
import { supplyStateMachineWithApi } from './supply-state.actors.ts';
import { openRazorpay, type PaymentReturnFields, type RazorpayFailure, unpaidReturnFields } from '../api/razorpay.ts';
import { paymentStatusMachineFor } from './payment-status.actors.ts';

/** POST /api/v1/payments/return: the server verifies a paid Checkout or records a failed or cancelled one. */
const postPaymentReturn = async (fields: PaymentReturnFields) =>
  dataOf<{ verified: boolean; paymentId: string }>((await http.post('/payments/return', fields)).data);

/** Never settles: the browser leaves the page (sandbox) or nothing more can happen here (Razorpay). */
const never = <T>() => new Promise<T>(() => undefined);

/** Opens the order's gateway: the sandbox's hosted page, or Razorpay Checkout.js in the page. */
async function openGateway({ order }: GatewayInput): Promise<GatewayResult> {
  if (order?.gateway === 'sandbox' && order.checkoutUrl) {
    window.location.assign(order.checkoutUrl);
    return never<GatewayResult>();
  }
  if (order?.gateway !== 'razorpay' || !order.keyId) throw new Error('No gateway to open');
  // Razorpay Checkout.js: a script load failure rejects, which the machine takes as a gateway failure.
  let failure: RazorpayFailure | null = null;
  const result = await openRazorpay({
    keyId: order.keyId,
    orderId: order.orderId,
    amountPaise: order.amountPaise,
    name: BRAND.name,
    onFailure: (response) => {
      failure = response;
    },
  });
  // A failure or cancel is recorded at once (best effort: the reconciliation job asks the gateway anyway).
  if (result.outcome !== 'success')
    await postPaymentReturn(unpaidReturnFields(order.orderId, result.outcome, failure)).catch(() => undefined);
  return result;
}

interface CheckoutDeps {
  contestId: string;
  /** Where a hosted gateway page sends the player back: the play screen's sheet, or /payments. */
  returnTo?: PaymentReturnTo;
}

/**
 * The payment watched to its end: the payment-status machine (polls, times out, takes
 * status.refresh). The checkout machine declares it by its contract, input { orderId } and output
 * WatchedPayment, which this machine keeps; XState's types cannot tell that from a promise's.
 */
const watchPayment = paymentStatusMachineFor() as unknown as ReturnType<
  typeof fromPromise<WatchedPayment, { orderId: string }>
>;

/**
 * One contest's checkout with the real cart, promo, order, gateway, verification and payment-status
 * calls; "Try again" asks the server for a new order on the held tickets.
 */
export function checkoutMachineFor({ contestId, returnTo }: CheckoutDeps) {
  return checkoutMachine.provide({
    actors: {
      loadBill: fromPromise<LoadedBill>(async () => {
        const cart = await fetchCart();
        const group = cart.groups.find((g) => g.contestId === contestId);
        if (!group) throw new ApiError('CART_EMPTY', 'CART_EMPTY', null);
        return { bill: group.bill, promoCode: group.promoCode, ticketCount: group.ticketCount };
      }),
      applyPromo: fromPromise<Bill, { code: string }>(
        async ({ input }) => (await applyPromoCode(contestId, input.code)).bill,
      ),
      removePromo: fromPromise<Bill, { code: string }>(async () => (await removePromoCode(contestId)).bill),
      // A refusal goes back to the machine as it came (an ApiError): the machine keeps it (domain refusalOf).
      createPaymentOrder: fromPromise<PaymentOrderAnswer, { promoCode: string | null; grandTotal: number }>(() =>
        createPaymentOrder(contestId, returnTo),
      ),
      retryPaymentOrder: fromPromise<PaymentOrderAnswer, { paymentId: string }>(({ input }) =>
        retryPaymentOrder(input.paymentId, returnTo),
      ),
      openGateway: fromPromise<GatewayResult, GatewayInput>(({ input }) => openGateway(input)),
      supplyState: supplyStateMachineWithApi(),
      verifyPayment: fromPromise<{ verified: boolean }, { orderId: string; paymentId: string; signature: string }>(
        async ({ input }) => {
          const answer = await postPaymentReturn({
            razorpay_order_id: input.orderId,
            razorpay_payment_id: input.paymentId,
            razorpay_signature: input.signature,
          });
          return { verified: answer.verified };
        },
      ),
      watchPayment,
    },
  });
}
