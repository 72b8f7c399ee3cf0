/**
 * The simulation's time: a clock that moves only when told, in ticks, and what each party means
 * to do when, kept by tick. What falls due in a tick runs at once, together, as requests do.
 */
export function agenda(start: Date, tickMs: number) {
  let tick = 0;
  const due = new Map<number, (() => Promise<void>)[]>();
  let pending = 0;

  const tickOf = (at: number) => Math.max(tick + 1, Math.ceil((at - start.getTime()) / tickMs));

  return {
    now: () => new Date(start.getTime() + tick * tickMs),
    elapsedMs: () => tick * tickMs,
    /** `what` runs in the first tick at or after `delayMs` from now (never in the current one). */
    after(delayMs: number, what: () => Promise<void>): void {
      const at = tickOf(start.getTime() + tick * tickMs + delayMs);
      const list = due.get(at) ?? [];
      list.push(what);
      due.set(at, list);
      pending++;
    },
    /** Moves to the next tick (or `ms` further on) and hands over what falls due by then. */
    advance(ms = tickMs): (() => Promise<void>)[] {
      const to = tick + Math.max(1, Math.round(ms / tickMs));
      const ready: (() => Promise<void>)[] = [];
      for (let t = tick + 1; t <= to; t++) {
        ready.push(...(due.get(t) ?? []));
        due.delete(t);
      }
      tick = to;
      pending -= ready.length;
      return ready;
    },
    /** How many plans are still to run. */
    pending: () => pending,
  };
}

export type Agenda = ReturnType<typeof agenda>;
