import type { AnyStateMachine } from 'xstate';
import { scheduleAt } from '../../domain/schedule.ts';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { contestWindowMachine } from '../../machines/contest-window.machine.ts';
import { loginCodeMachine } from '../../machines/login-code.machine.ts';
import { otpResendMachine } from '../../machines/otp-resend.machine.ts';
import { paymentStatusMachine } from '../../machines/payment-status.machine.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { supplyStateMachine } from '../../machines/supply-state.machine.ts';
import { socialSignupMachine } from '../../machines/social-signup.machine.ts';
import { ticketMarkingMachine } from '../../machines/ticket-marking.machine.ts';
import { trialGameMachine } from '../../machines/trial-game.machine.ts';
import { versionCheckMachine } from '../../machines/version-check.machine.ts';

export interface LabActorExample {
  result: unknown;
  error: unknown;
}

export interface LabEntry {
  id: string;
  title: string;
  machine: AnyStateMachine;
  /** The machine's input; ISO instants in it become Dates. */
  input?: unknown;
  /** An example payload (without `type`) for each event that takes one. */
  payloads: Record<string, Record<string, unknown>>;
  /** What each named actor returns (succeed) or throws (fail) unless the tester changes it. */
  actors: Record<string, LabActorExample>;
}

// 10:30 IST on Monday 2 March 2026, before contest A opens at 12:00.
const mondayMorning = new Date('2026-03-02T05:00:00.000Z');
const contestA = scheduleAt(mondayMorning).window;

const bill = {
  itemsTotal: 10000,
  promoApplied: 0,
  subtotal: 10000,
  baseAmount: 7813,
  gstOnEntry: 2187,
  platformFee: 1000,
  gstOnPlatformFee: 180,
  totalPlatformFee: 1180,
  grandTotal: 11180,
};

const offline = { message: 'Network Error' };

export const LAB_MACHINES: LabEntry[] = [
  {
    id: 'contest-window',
    title: 'Contest window',
    machine: contestWindowMachine,
    input: { now: mondayMorning, window: null },
    payloads: {
      'clock.tick': { now: '2026-03-02T06:30:00.000Z' },
      'window.track': { window: contestA },
    },
    actors: {},
  },
  {
    id: 'ticket-marking',
    title: 'Ticket marking (play screen)',
    machine: ticketMarkingMachine,
    input: { contestId: 'contest_1' },
    payloads: {
      'ticket.place': { point: { x: 600, y: 400 } },
      'ticket.move': { id: 't1', point: { x: 421, y: 311 } },
      'ticket.mark': { point: { x: 420, y: 310 } },
      'ticket.remove': { id: 't1' },
      'ticket.select': { id: 't1' },
    },
    actors: {
      loadContest: {
        result: {
          limits: { maxPerPerson: 75, alreadyHeld: 0, ticketsLeft: 500 },
          picture: { width: 1200, height: 800 },
          held: [{ x: 10, y: 10 }],
          cart: [{ x: 20, y: 20 }],
          draft: null,
        },
        error: { code: 'CONTEST_NOT_FOUND' },
      },
      submitTickets: { result: { kind: 'cart' }, error: { code: 'TICKETS_SOLD_OUT' } },
    },
  },
  {
    id: 'trial-game',
    title: 'Trial game',
    machine: trialGameMachine,
    payloads: {
      'ticket.place': { point: { x: 600, y: 400 } },
      'ticket.move': { id: 't1', point: { x: 421, y: 311 } },
      'ticket.mark': { point: { x: 420, y: 310 } },
      'ticket.remove': { id: 't1' },
      'ticket.select': { id: 't1' },
    },
    actors: {
      loadPracticePair: {
        result: { pairId: 'pair_1', picture: { width: 1200, height: 800, variants: [] } },
        error: { code: 'NO_IMAGE_PAIRS' },
      },
      submitPractice: {
        result: {
          ball: { x: 440, y: 330 },
          distances: [28.3],
          bestTicketId: 't1',
          ballWidth: 24,
          reveal: { width: 1200, height: 800, variants: [] },
        },
        error: offline,
      },
    },
  },
  {
    id: 'checkout',
    title: 'Checkout',
    machine: checkoutMachine,
    payloads: { 'promo.apply': { code: 'SAVE10' } },
    actors: {
      loadBill: { result: bill, error: offline },
      applyPromo: {
        result: { ...bill, promoApplied: 1000, subtotal: 9000, baseAmount: 7031, gstOnEntry: 1969, grandTotal: 10180 },
        error: { code: 'INVALID_PROMO' },
      },
      removePromo: { result: bill, error: offline },
      createPaymentOrder: {
        result: { paymentId: 'p1', orderId: 'order_1', amountPaise: 11180, status: 'pending' },
        error: { code: 'PAID_PLAY_SUSPENDED' },
      },
      retryPaymentOrder: {
        result: { paymentId: 'p2', orderId: 'order_2', amountPaise: 11180, status: 'pending' },
        error: { code: 'PAYMENT_NOT_RETRYABLE' },
      },
      openGateway: {
        result: { outcome: 'success', paymentId: 'pay_1', signature: 'sig_1' },
        error: { message: 'Gateway script failed to load' },
      },
      verifyPayment: { result: { verified: true }, error: offline },
      watchPayment: {
        result: { status: 'success', payment: { id: 'p1', status: 'success', retry: null } },
        error: offline,
      },
      // The state question (its own machine, the 'supply-state' entry below), as the checkout sees it: its output.
      supplyState: { result: { stateCode: '27' }, error: offline },
    },
  },
  {
    id: 'supply-state',
    title: 'State for the invoice',
    machine: supplyStateMachine,
    payloads: { 'state.pick': { code: '29' } },
    actors: {
      loadSupplyState: { result: { stateCode: null, suggested: '27', sellerState: '29' }, error: offline },
      saveSupplyState: { result: { stateCode: '29', suggested: '27', sellerState: '29' }, error: offline },
    },
  },
  {
    id: 'payment-status',
    title: 'Payment status',
    machine: paymentStatusMachine,
    input: { orderId: 'order_1' },
    payloads: {},
    actors: { fetchPaymentStatus: { result: { status: 'pending' }, error: offline } },
  },
  {
    id: 'session',
    title: 'Session',
    machine: sessionMachine,
    input: { loggedIn: true },
    payloads: {},
    actors: {},
  },
  {
    id: 'version-check',
    title: 'Version check',
    machine: versionCheckMachine,
    input: { storedVersion: '0.1.0+aaaaaaaaaaaa' },
    payloads: {},
    actors: {
      fetchMeta: { result: { version: '0.1.0+bbbbbbbbbbbb' }, error: offline },
      applyUpdate: { result: null, error: { message: 'Could not clear caches' } },
    },
  },
  {
    id: 'otp-resend',
    title: 'OTP resend',
    machine: otpResendMachine,
    // A few seconds of the 60 s cooldown left, so the countdown ends after a short advance.
    input: { secondsLeft: 3 },
    payloads: {},
    actors: {
      // The server's 429 OTP_COOLDOWN, as CodeForm turns it into a ResendFailure; without
      // retryAfterSeconds the button is ready again at once.
      resendCode: {
        result: null,
        error: { message: 'Please wait 5 seconds before asking for a new code.', retryAfterSeconds: 5 },
      },
    },
  },
  {
    id: 'login-code',
    title: 'Login with a code by SMS',
    machine: loginCodeMachine,
    payloads: {
      'code.send': { phone: '9876543210' },
      'code.verify': { code: '123456' },
    },
    actors: {
      sendCode: {
        result: { otpToken: 'c0ffee00-0000-4000-8000-000000000001' },
        error: { message: 'Too many requests. Please try again in 60 seconds.' },
      },
      verifyCode: { result: null, error: { message: 'The code is not correct. 4 tries left.' } },
    },
  },
  {
    id: 'social-signup',
    title: 'Social sign-up',
    machine: socialSignupMachine,
    payloads: {
      'signup.submit': {
        values: {
          first_name: 'Asha',
          last_name: 'Rao',
          email: 'asha@gmail.com',
          phone: '9876543210',
          agreeLegal: true,
          agreeRules: true,
          agreeAge: true,
        },
      },
    },
    actors: {
      submitSignup: {
        result: {
          message: 'We have sent a 6-digit code to your phone.',
          otpToken: 'c0ffee00-0000-4000-8000-000000000002',
        },
        error: { message: 'This phone number is already registered.' },
      },
    },
  },
];
