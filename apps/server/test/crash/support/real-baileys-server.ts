// A server process as src/main.ts runs it, with the real Baileys socket factory pointed at
// TEST_WHATSAPP_URL (a loopback port that never answers, or that refuses) and fast reconnects,
// and a way to make it meet errors nothing catches: the first SIGUSR2 rejects a promise nobody
// awaits, the second throws out of the signal's listener.
import { createBaileysSocketFactory } from '../../../src/channels/whatsapp/socket.ts';
import { runServer } from '../../../src/serve.ts';
import { EXCEPTION_MESSAGE, REJECTION_MESSAGE } from './faults.ts';

let faults = 0;
process.on('SIGUSR2', () => {
  faults += 1;
  if (faults === 1) {
    void Promise.reject(new Error(REJECTION_MESSAGE));
    return;
  }
  throw new Error(EXCEPTION_MESSAGE);
});

void runServer({
  whatsapp: {
    socketFactory: createBaileysSocketFactory({ webSocketUrl: process.env.TEST_WHATSAPP_URL }),
    timings: { reconnectBaseMs: 50, reconnectMaxMs: 200 },
  },
});
