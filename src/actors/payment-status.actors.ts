import { fromPromise } from 'xstate';
import type { PaymentAnswer } from '../../domain/payments.ts';
import { paymentStatusMachine, type PaymentStatusReport } from '../../machines/payment-status.machine.ts';
import { fetchPayment } from '../api/payments.ts';

/** The payment status poll with the real call; `onPayment` gets each answer whole, for the screen. */
export function paymentStatusMachineFor({
  onPayment = () => undefined,
}: { onPayment?: (payment: PaymentAnswer) => void } = {}) {
  return paymentStatusMachine.provide({
    actors: {
      fetchPaymentStatus: fromPromise<PaymentStatusReport, { orderId: string }>(async ({ input }) => {
        const answer = await fetchPayment(input.orderId);
        onPayment(answer);
        return { status: answer.status, payment: answer };
      }),
    },
  });
}
