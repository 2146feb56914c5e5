// Wakes the outbound dispatcher when a transaction queued work, so sends go out at once; the
// dispatcher also polls, so a lost signal only delays.
import { EventEmitter } from 'node:events';

export type OutboxSignal = { notify: () => void; onNotify: (listener: () => void) => () => void };

export const createOutboxSignal = (): OutboxSignal => {
  const emitter = new EventEmitter();
  return {
    notify: () => emitter.emit('notify'),
    onNotify: (listener) => {
      emitter.on('notify', listener);
      return () => emitter.off('notify', listener);
    },
  };
};
