/**
 * The weekly contest schedule, in India Standard Time.
 *
 * Every calculation runs on UTC epoch milliseconds shifted by the fixed IST offset. India has had
 * no daylight saving since 1945, so a constant +05:30 is exact, and it keeps the rules identical
 * on a server in Frankfurt, a phone in Kiritimati and a CI box in UTC; the host zone is never read.
 *
 * Contest A: opens Monday 12:00, takes entries through Wednesday 23:59:59.999, show Thursday 21:00.
 * Contest B: opens Thursday 12:00, takes entries through Sunday 23:59:59.999, show Monday 21:00.
 * The spec's "closes 23:59" is read as the end of that minute, so an entry at 23:59:42 counts.
 */

export const IST_TIME_ZONE = 'Asia/Kolkata';

/**
 * A formatter of IST dates and times for a reader of `lang`. A Hindi reader gets the 24-hour clock
 * whatever the options ask ('21:00'): Intl's hi-IN writes a 12-hour time with the Latin 'am' and
 * 'pm' ('11:15 am'), which no Hindi page should show, and the schedule already speaks 24-hour.
 * English keeps what the caller asked for. Every time a player reads goes through here.
 */
export function istDateTimeFormat(lang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const hindi = lang.startsWith('hi');
  const { hour12: _hour12, ...rest } = options;
  return new Intl.DateTimeFormat(hindi ? 'hi-IN' : 'en-IN', {
    ...(hindi ? { ...rest, hourCycle: 'h23' } : options),
    timeZone: IST_TIME_ZONE,
  });
}

/** +05:30 in milliseconds. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export type ContestSlot = 'A' | 'B';
export type WindowState = 'upcoming' | 'open' | 'closed';

export interface ContestWindow {
  slot: ContestSlot;
  opensAt: Date;
  closesAt: Date;
  showAt: Date;
}

export interface IstParts {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday .. 6 = Saturday, like Date#getDay. */
  weekday: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

export interface ScheduleSnapshot {
  /** The open window, else the next one to open. */
  window: ContestWindow;
  /** Never 'closed': the window is chosen so that it still takes entries or is yet to open. */
  state: WindowState;
  /** The latest window whose closesAt < now. */
  previous: ContestWindow;
  /** The first winner show with at >= now. */
  nextShow: { slot: ContestSlot; at: Date };
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Exact milliseconds left (not floored), 0 once the target has passed: lets a timer align its next tick. */
  totalMs: number;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const OPEN_HOUR_MS = 12 * HOUR_MS;
const SHOW_HOUR_MS = 21 * HOUR_MS;

function assertValidDate(at: Date, name: string): number {
  const ms = at.getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`${name} is not a valid date`);
  return ms;
}

/**
 * IST wall-clock time to an instant. Out-of-range parts roll over like Date.UTC (day 32 is the
 * first of the next month), which callers can use for calendar arithmetic.
 */
export function istDate(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - IST_OFFSET_MS);
}

/** The IST wall-clock reading of an instant. */
export function istParts(at: Date): IstParts {
  const wall = new Date(assertValidDate(at, 'at') + IST_OFFSET_MS);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    ms: wall.getUTCMilliseconds(),
  };
}

/** Days since 1970-01-01 (IST) of the Monday that starts the IST week holding `ms`. */
function istMondayIndex(ms: number): number {
  const dayIndex = Math.floor((ms + IST_OFFSET_MS) / DAY_MS);
  // 1970-01-01 was a Thursday: (dayIndex + 4) % 7 is the weekday with 0 = Sunday.
  const weekday = (((dayIndex + 4) % 7) + 7) % 7;
  return dayIndex - ((weekday + 6) % 7);
}

/** The instant of `offsetMs` past IST midnight of the day `dayIndex` days after 1970-01-01. */
function istInstant(dayIndex: number, offsetMs: number): Date {
  return new Date(dayIndex * DAY_MS + offsetMs - IST_OFFSET_MS);
}

/** Both windows of the IST week starting on the Monday with the given day index, A then B. */
function windowsOfWeek(monday: number): [ContestWindow, ContestWindow] {
  const thursday = monday + 3;
  const nextMonday = monday + 7;
  return [
    {
      slot: 'A',
      opensAt: istInstant(monday, OPEN_HOUR_MS),
      closesAt: istInstant(thursday, -1),
      showAt: istInstant(thursday, SHOW_HOUR_MS),
    },
    {
      slot: 'B',
      opensAt: istInstant(thursday, OPEN_HOUR_MS),
      closesAt: istInstant(nextMonday, -1),
      showAt: istInstant(nextMonday, SHOW_HOUR_MS),
    },
  ];
}

/** Windows in opening order, starting with the week before `ms` so that `previous` always exists. */
function windowsAround(ms: number, weeks: number): ContestWindow[] {
  const firstMonday = istMondayIndex(ms) - 7;
  const windows: ContestWindow[] = [];
  for (let week = 0; week < weeks; week += 1) windows.push(...windowsOfWeek(firstMonday + week * 7));
  return windows;
}

/** Entries are accepted while opensAt <= now <= closesAt. */
export function windowState(window: Pick<ContestWindow, 'opensAt' | 'closesAt'>, now: Date): WindowState {
  const t = assertValidDate(now, 'now');
  if (t < window.opensAt.getTime()) return 'upcoming';
  if (t <= window.closesAt.getTime()) return 'open';
  return 'closed';
}

/**
 * Where a contest as the API shows it stands now: one the server still calls upcoming or open
 * moves on with the clock by windowState's rule (open through closesAt, as the server takes
 * entries), and never back (a device clock behind the server's keeps an open contest open); any
 * later state (closed, judging, published, cancelled) is closed.
 */
export function contestPhase(contest: { state: string; opensAt: string; closesAt: string }, now: Date): WindowState {
  if (contest.state !== 'upcoming' && contest.state !== 'open') return 'closed';
  const byClock = windowState({ opensAt: new Date(contest.opensAt), closesAt: new Date(contest.closesAt) }, now);
  return contest.state === 'open' && byClock === 'upcoming' ? 'open' : byClock;
}

export function scheduleAt(now: Date): ScheduleSnapshot {
  const t = assertValidDate(now, 'now');
  // The week before, this week and the next one always hold the previous and the coming window.
  const windows = windowsAround(t, 3);
  const currentIndex = windows.findIndex((w) => w.closesAt.getTime() >= t);
  const window = windows[currentIndex];
  const previous = windows[currentIndex - 1];
  const show = windows.find((w) => w.showAt.getTime() >= t);
  if (window === undefined || previous === undefined || show === undefined) {
    throw new RangeError('now is outside the range of representable dates');
  }
  return {
    window,
    state: windowState(window, now),
    previous,
    nextShow: { slot: show.slot, at: show.showAt },
  };
}

/** The open window (if any) then the next ones to open, in order. */
export function upcomingWindows(now: Date, count: number): ContestWindow[] {
  const t = assertValidDate(now, 'now');
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError('count must be a non-negative integer');
  if (count === 0) return [];
  // Two windows a week; one extra week covers the week before and a partly elapsed current week.
  const windows = windowsAround(t, Math.ceil(count / 2) + 2);
  const first = windows.findIndex((w) => w.closesAt.getTime() >= t);
  return windows.slice(first, first + count);
}

/** Time left until `target`, floored to whole seconds; all zero once the target has passed. */
export function countdown(now: Date, target: Date): Countdown {
  const totalMs = Math.max(0, assertValidDate(target, 'target') - assertValidDate(now, 'now'));
  const totalSeconds = Math.floor(totalMs / SECOND_MS);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    totalMs,
  };
}

/**
 * A stable, human-readable key for a window: its IST opening date and slot, e.g. '2026-03-02-A'.
 * Handy as a contest's natural key or in logs; the same window always yields the same key.
 */
export function windowKey(window: ContestWindow): string {
  const { year, month, day } = istParts(window.opensAt);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}-${window.slot}`;
}

/** The window (A or B) whose entry period contains `at`, or null in the Monday and Thursday morning gaps. */
export function windowContaining(at: Date): ContestWindow | null {
  const t = assertValidDate(at, 'at');
  return windowsOfWeek(istMondayIndex(t)).find((w) => windowState(w, at) === 'open') ?? null;
}
