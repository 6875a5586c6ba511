/**
 * The development clock: real time plus whatever the development routes added, one per server (a
 * test process may run several servers, each moving its own). Never in production.
 */
export interface DevelopmentClock {
  now(): Date;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /** Moves the clock forward to `at` when it is behind it; never backwards. */
  atLeast(at: number): void;
}

export function developmentClock(): DevelopmentClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
    },
    atLeast(at) {
      offsetMs = Math.max(offsetMs, at - Date.now());
    },
  };
}
