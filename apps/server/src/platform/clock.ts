import type { AppContext } from './context.ts';

/** Where "now" comes from. Rules that depend on time (expiry, rate windows) take it from here, so tests can move it. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

const clocks = new WeakMap<AppContext, Clock>();

/** The clock of one running app: the system clock unless a test (or a simulation) installed another. */
export function clockFor(ctx: AppContext): Clock {
  return clocks.get(ctx) ?? systemClock;
}

/** Install a clock for one running app; returns a function that restores the system clock. */
export function useClock(ctx: AppContext, clock: Clock): () => void {
  clocks.set(ctx, clock);
  return () => clocks.delete(ctx);
}

/** A clock that only moves when told to (tests). */
export function manualClock(start: Date = new Date()): Clock & { advance: (ms: number) => void; set: (at: Date) => void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (at) => {
      t = at.getTime();
    },
  };
}
