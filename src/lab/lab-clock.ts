import { SimulatedClock } from 'xstate';

export interface PendingTimer {
  id: number;
  timeout: number;
  dueAt: number;
}

/**
 * The lab's SimulatedClock: it knows its pending timers (to list them) and advances in steps, one
 * due timer at a time. SimulatedClock.increment() alone moves `now` to the end first and then runs
 * what is due, so a timer started by one of those callbacks (the next state's `after`) would start
 * late and a long jump would skip it.
 */
export class LabClock extends SimulatedClock {
  private readonly timers = new Map<number, PendingTimer>();
  onChange: () => void = () => {};

  override setTimeout(fn: (...args: unknown[]) => void, timeout: number): number {
    const dueAt = this.now() + timeout;
    const id: number = super.setTimeout((...args: unknown[]) => {
      this.timers.delete(id);
      fn(...args);
    }, timeout);
    this.timers.set(id, { id, timeout, dueAt });
    this.onChange();
    return id;
  }

  override clearTimeout(id: number): void {
    this.timers.delete(id);
    super.clearTimeout(id);
    this.onChange();
  }

  pending(): PendingTimer[] {
    return [...this.timers.values()].sort((a, b) => a.dueAt - b.dueAt);
  }

  advance(ms: number): void {
    const end = this.now() + Math.max(0, ms);
    for (let next = this.pending()[0]; next && next.dueAt <= end; next = this.pending()[0]) {
      this.set(Math.max(next.dueAt, this.now()));
    }
    if (end > this.now()) this.set(end);
    this.onChange();
  }
}
