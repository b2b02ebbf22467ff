/**
 * A browser bench's loads on a quiet machine (issue 29: each target "met in the figures ... with the
 * machine quiet"), by the rule bench/lighthouse.ts applies to its runs with Lighthouse's CPU index.
 * This machine slows at times for minutes (the fixed script of machine-speed.ts unthrottled at
 * 47-71 ms against its fastest 38: 27 of a screen's 59 loads set aside in one run), and a load
 * measured then measures the machine: its p90 is one or two such loads. Before each load, once the
 * browser has had SETTLE_MS to close the last one, that script is timed unthrottled: a load that
 * started with that time over 1 / QUIET_SHARE of the fastest this bench saw is set aside, and the
 * bench runs that kind of load again. Never timed after a load: the load's own work still running
 * then (a page slow to close) would set aside its own slow figures. As in Lighthouse, a slowdown
 * that starts during a load is not seen, nor the swing of Chromium's 4x throttling
 * (machine-speed.ts).
 */
import { speedProbe } from './machine-speed.ts';
import type { Browser } from '@playwright/test';

export const QUIET_SHARE = 0.8;
/** How long the machine is left before it is timed: the last load's browser context closing. */
const SETTLE_MS = 500;

/** A load's result with the machine's fixed-script time just before it (ms). */
export interface Judged<T> {
  value: T;
  machineMs: number;
}

export interface QuietJudge {
  /** Runs `load` once the machine has been timed. */
  judge<T>(load: () => Promise<T>): Promise<Judged<T>>;
  /** Whether the machine was quiet as a load started, against the fastest seen so far. */
  quiet(load: Judged<unknown>): boolean;
  /** The fastest fixed-script time seen (ms). */
  fastest(): number;
}

/** A judge for loads in `browser`; the fastest time is kept across every load it judges. */
export async function quietJudge(browser: Browser): Promise<QuietJudge> {
  const probe = await speedProbe(browser);
  let fastest = Number.POSITIVE_INFINITY;
  return {
    async judge(load) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const machineMs = await probe();
      fastest = Math.min(fastest, machineMs);
      return { value: await load(), machineMs };
    },
    quiet: (load) => load.machineMs * QUIET_SHARE <= fastest,
    fastest: () => fastest,
  };
}

/** The values of the quiet loads, in order (judged against the fastest the judge has seen by now). */
export const quietValues = <T>(judge: QuietJudge, loads: readonly Judged<T>[]): T[] =>
  loads.filter((load) => judge.quiet(load)).map((load) => load.value);

/** How many of `loads` are quiet so far: the bench stops running a kind at its RUNS. */
export const quietCount = (judge: QuietJudge, loads: readonly Judged<unknown>[]): number =>
  quietValues(judge, loads).length;

/** The loads set aside, as the bench prints them: "kind (61 ms)", the machine's time as each started. */
export function setAsideList(judge: QuietJudge, kinds: Record<string, readonly Judged<unknown>[]>): string[] {
  return Object.entries(kinds).flatMap(([kind, loads]) =>
    loads.filter((load) => !judge.quiet(load)).map((load) => `${kind} (${Math.round(load.machineMs)} ms)`),
  );
}
