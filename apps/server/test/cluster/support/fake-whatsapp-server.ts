// A server process as src/main.ts runs it, with fake WhatsApp sockets (helpers/fake-whatsapp.ts)
// that log to stdout what a test in another process needs to see:
//   `fake-whatsapp opened <connectionId>`: this process owns the session now
//   `fake-whatsapp sending <connectionId> <text>`, then `fake-whatsapp sent <connectionId> <text>`
//   `fake-whatsapp read <connectionId> <message ids>`: read receipts sent
// Each socket logs in at once as the same phone. Every number is on WhatsApp. A text carrying
// `hang-in-<pid>` never leaves the process with that pid, and one carrying `slow-in-<pid>` takes
// a second and a half there: the test's running jobs for a SIGKILL or a SIGTERM.
import type { AnyMessageContent, MiscMessageGenerationOptions } from '@whiskeysockets/baileys';
import type { SocketFactory, WhatsappSocket } from '../../../src/channels/whatsapp/socket.ts';
import { runServer } from '../../../src/serve.ts';
import { FakeWhatsappSocket } from '../../helpers/fake-whatsapp.ts';

const say = (line: string) => process.stdout.write(`fake-whatsapp ${line}\n`);
const never = new Promise<never>(() => undefined);

const socketFactory: SocketFactory = (options) => {
  const socket = new FakeWhatsappSocket(options);
  const send = socket.sendMessage;
  socket.sendMessage = async (jid: string, content: AnyMessageContent, sendOptions?: MiscMessageGenerationOptions) => {
    const text = 'text' in content ? String(content.text) : '';
    say(`sending ${options.connectionId} ${text}`);
    if (text.includes(`hang-in-${process.pid}`)) await never;
    if (text.includes(`slow-in-${process.pid}`)) await new Promise((done) => setTimeout(done, 1500));
    const sent = await send(jid, content, sendOptions);
    say(`sent ${options.connectionId} ${text}`);
    return sent;
  };
  socket.onWhatsApp = async (...jids: string[]) => jids.map((jid) => ({ jid, exists: true }));
  const read = socket.readMessages;
  socket.readMessages = async (keys) => {
    say(`read ${options.connectionId} ${keys.map((key) => key.id).join(',')}`);
    return read(keys);
  };
  say(`opened ${options.connectionId}`);
  // after the session manager has subscribed to the socket's events
  setImmediate(() => socket.open());
  return socket as unknown as WhatsappSocket;
};

void runServer({ whatsapp: { socketFactory } });
