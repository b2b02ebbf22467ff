import type { RefundReasonCode } from '../../../domain/payments.ts';

/**
 * Why money goes back, as the payment records it (payments.refund_reason) and the credit note
 * prints it, in English and, below, in Hindi (the note is bilingual).
 */
export const CANCEL_REFUND_REASON = 'The contest was cancelled; the amount is refunded.';
export const EXPIRED_REASON = 'The reserved tickets had expired when the payment arrived; the amount is refunded.';
export const LATE_CAPTURE_REASON = 'The payment was captured after it had ended; the amount is refunded.';
export const AMOUNT_REASON = 'The amount paid does not match the order; the amount is refunded.';
export const PAID_PLAY_OFF_REASON =
  'Paid play was suspended before the payment arrived; the amount is refunded and the tickets are back in the cart to enter free.';

const REASONS_HI: Record<string, string> = {
  [CANCEL_REFUND_REASON]: 'प्रतियोगिता रद्द कर दी गई; पूरी राशि लौटाई गई।',
  [EXPIRED_REASON]: 'भुगतान आने तक आरक्षित टिकटों का समय समाप्त हो चुका था; राशि लौटाई गई।',
  [LATE_CAPTURE_REASON]: 'भुगतान समाप्त होने के बाद लिया गया; राशि लौटाई गई।',
  [AMOUNT_REASON]: 'भुगतान की गई राशि ऑर्डर से मेल नहीं खाती; राशि लौटाई गई।',
  [PAID_PLAY_OFF_REASON]:
    'भुगतान आने से पहले सशुल्क खेल निलंबित हो गया; राशि लौटाई गई और टिकट मुफ़्त में दर्ज करने के लिए कार्ट में वापस हैं।',
};

const CODES: Record<string, RefundReasonCode> = {
  [CANCEL_REFUND_REASON]: 'contestCancelled',
  [EXPIRED_REASON]: 'expired',
  [LATE_CAPTURE_REASON]: 'lateCapture',
  [AMOUNT_REASON]: 'amount',
  [PAID_PLAY_OFF_REASON]: 'paidPlayOff',
};

/** The code the web words a reason the server worded in; null for any other text. */
export const refundReasonCode = (reason: string | null): RefundReasonCode | null =>
  reason === null ? null : (CODES[reason] ?? null);

export const WHOLE_REFUND_REASON = 'Refund of the whole payment';

/** The Hindi of a reason the server words; null for any other text (an operator's own words). */
export const reasonInHindi = (reason: string): string | null => REASONS_HI[reason] ?? null;
