import type { ContestView, CurrentContests } from '../../domain/contests.ts';

const HOUR = 3_600_000;

export const contestPicture = {
  width: 1600,
  height: 1000,
  variants: [
    { name: 'small' as const, url: '/uploads/c1-small.jpg', width: 480, height: 300 },
    { name: 'large' as const, url: '/uploads/c1-large.jpg', width: 1600, height: 1000 },
  ],
};

/** An open contest closing in a day, with overrides. */
export function contestView(overrides: Partial<ContestView> = {}): ContestView {
  const now = Date.now();
  return {
    id: 'c1',
    slot: 'A',
    state: 'open',
    opensAt: new Date(now - HOUR).toISOString(),
    closesAt: new Date(now + 24 * HOUR + 5 * 60_000).toISOString(),
    showAt: new Date(now + 48 * HOUR).toISOString(),
    picture: contestPicture,
    prize: { kind: 'cash', title: 'Weekly jackpot', valuePaise: 10_000_000 },
    ticketPricePaise: 4900,
    allInPricePaise: 5136,
    fees: { platformFeePaisePerTicket: 200, entryGstBasisPoints: 4000, feeGstBasisPoints: 1800 },
    maxTickets: 75,
    totalTickets: 10_000,
    ticketsLeft: 9000,
    myTickets: 0,
    myPoints: [],
    ...overrides,
  };
}

export function currentAnswer(
  current: ContestView | null,
  paidPlay: CurrentContests['paidPlay'] = { enabled: true },
): CurrentContests {
  return { current, next: null, paidPlay };
}
