/**
 * Why money goes back, as the payment records it (payments.refund_reason) and the credit note
 * prints it, in English and, below, in Hindi (the note is bilingual).
 */
export const CANCEL_REFUND_REASON = 'The contest was cancelled; the amount is refunded.';
export const EXPIRED_REASON = 'The reserved tickets had expired when the payment arrived; the amount is refunded.';
export const LATE_CAPTURE_REASON = 'The payment was captured after it had ended; the amount is refunded.';
export const AMOUNT_REASON = 'The amount paid does not match the order; the amount is refunded.';

const REASONS_HI: Record<string, string> = {
  [CANCEL_REFUND_REASON]: 'प्रतियोगिता रद्द कर दी गई; पूरी राशि लौटाई गई।',
  [EXPIRED_REASON]: 'भुगतान आने तक आरक्षित टिकटों का समय समाप्त हो चुका था; राशि लौटाई गई।',
  [LATE_CAPTURE_REASON]: 'भुगतान समाप्त होने के बाद लिया गया; राशि लौटाई गई।',
  [AMOUNT_REASON]: 'भुगतान की गई राशि ऑर्डर से मेल नहीं खाती; राशि लौटाई गई।',
};

export const WHOLE_REFUND_REASON = 'Refund of the whole payment';

/** The Hindi of a reason the server words; null for any other text (an operator's own words). */
export const reasonInHindi = (reason: string): string | null => REASONS_HI[reason] ?? null;
