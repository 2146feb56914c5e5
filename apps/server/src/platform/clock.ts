// The one source of "now" for time-driven rules (service hours, bot limits, timers), so tests can
// run a conversation across hours or days with a clock they move by hand.
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export type ManualClock = Clock & { set(at: Date | string): void; advance(ms: number): void };

export const manualClock = (start: Date | string = new Date()): ManualClock => {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
};
