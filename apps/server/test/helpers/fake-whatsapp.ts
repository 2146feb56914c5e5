// A stand-in for a Baileys socket: its `ev` emits Baileys' own event shapes (connection.update,
// creds.update, messages.upsert, messages.update, message-receipt.update, call…) when a test says
// so, and it records what the product asked of it (sendMessage, readMessages, rejectCall,
// onWhatsApp, profilePictureUrl, logout). No test reaches WhatsApp. It can also fail the way a
// Baileys socket does (FakeFailures): at its creation, while connecting, on end and on logout.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessageKey } from '@whiskeysockets/baileys';
import type { SocketFactory, SocketOptions, WhatsappEvents, WhatsappSocket } from '../../src/channels/whatsapp/socket.ts';

// What the sockets made from now on do wrong; each is off by default.
//   create: the factory throws (as makeWASocket does on a bad option)
//   connect: WhatsApp cannot be reached: the WebSocket emits 'error' (ECONNREFUSED) and the
//     connection closes with Baileys' code for it (408), once the session has subscribed
//   end: 'throw' throws from end(); 'late-error' is Baileys closing a WebSocket still connecting:
//     every 'error' listener is taken off, then 'error' comes on the next tick
//   logout: logout() rejects (a socket not connected cannot send the logout)
export type FakeFailures = { create?: boolean; connect?: boolean; end?: 'throw' | 'late-error'; logout?: boolean };

const TIMED_OUT = 408;

const mediaKeys = ['image', 'video', 'audio', 'sticker', 'document'] as const;

const readMediaStreams = async (content: AnyMessageContent): Promise<AnyMessageContent> => {
  const read: Record<string, unknown> = { ...content };
  for (const key of mediaKeys) {
    const media = read[key];
    if (media && typeof media === 'object' && 'stream' in media && media.stream instanceof Readable) {
      const chunks: Buffer[] = [];
      for await (const chunk of media.stream) chunks.push(chunk as Buffer);
      read[key] = Buffer.concat(chunks);
    }
  }
  return read as AnyMessageContent;
};

export class FakeWhatsappSocket {
  readonly ev = new EventEmitter();
  // Baileys' WebSocket client; 'error' on it with no listener would be thrown
  readonly ws = new EventEmitter();
  user: { id: string; name?: string } | undefined;
  readonly sent: Array<{ jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }> = [];
  readonly reads: WAMessageKey[][] = [];
  readonly rejectedCalls: Array<{ id: string; from: string }> = [];
  readonly numberChecks: string[][] = [];
  readonly pictureRequests: string[] = [];
  readonly numbersOnWhatsapp = new Set<string>();
  loggedOut = false;
  ended = false;

  constructor(
    readonly options: SocketOptions,
    readonly failures: FakeFailures = {},
  ) {}

  emit<E extends keyof WhatsappEvents>(event: E, payload: WhatsappEvents[E]) {
    this.ev.emit(event, payload);
  }

  showQr(qr: string) {
    this.emit('connection.update', { connection: 'connecting', qr });
  }

  // what Baileys does after a successful login: creds with `me`, then an open connection
  open(phone = '5511900000001') {
    this.user = { id: `${phone}:7@s.whatsapp.net`, name: 'Loja' };
    this.emit('creds.update', { me: { id: this.user.id, name: 'Loja' }, registered: true });
    this.emit('connection.update', { connection: 'open' });
  }

  close(statusCode: number) {
    // the shape of Baileys' Boom errors
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error: Object.assign(new Error('closed'), { output: { statusCode } }), date: new Date() } });
  }

  // Media given as a stream is read during the send, as Baileys reads it to encrypt and upload;
  // the recording keeps the bytes.
  sendMessage = async (jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) => {
    this.sent.push({ jid, content: await readMediaStreams(content), options });
    return { key: { remoteJid: jid, id: options?.messageId ?? randomUUID(), fromMe: true }, message: {} };
  };

  readMessages = async (keys: WAMessageKey[]) => void this.reads.push(keys);

  rejectCall = async (id: string, from: string) => void this.rejectedCalls.push({ id, from });

  onWhatsApp = async (...jids: string[]) => {
    this.numberChecks.push(jids);
    return jids.map((jid) => ({ jid, exists: this.numbersOnWhatsapp.has(jid.split('@')[0]) }));
  };

  profilePictureUrl = async (jid: string) => {
    this.pictureRequests.push(jid);
    return `https://pps.whatsapp.net/v/${jid.split('@')[0]}.jpg`;
  };

  // what Baileys does when its WebSocket cannot connect
  refuse() {
    this.ws.emit('error', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }));
    this.close(TIMED_OUT);
  }

  logout = async () => {
    if (this.failures.logout) throw new Error('Connection Closed');
    this.loggedOut = true;
  };

  end = () => {
    this.ended = true;
    // as Baileys' end() does before it closes the WebSocket
    this.ws.removeAllListeners('error');
    if (this.failures.end === 'throw') throw new Error('end failed');
    if (this.failures.end === 'late-error') {
      process.nextTick(() => this.ws.emit('error', new Error('WebSocket was closed before the connection was established')));
    }
  };
}

// Records every socket the product opened, per connection, in order. `failures` applies to the
// sockets made after it is set (a factory that throws records nothing).
export const fakeWhatsapp = () => {
  const sockets: FakeWhatsappSocket[] = [];
  const failures: FakeFailures = {};
  const factory: SocketFactory = (options) => {
    if (failures.create) throw new Error('socket creation failed');
    const socket = new FakeWhatsappSocket(options, { ...failures });
    sockets.push(socket);
    // after the session manager has subscribed to the socket's events
    if (failures.connect) setImmediate(() => socket.refuse());
    return socket as unknown as WhatsappSocket;
  };
  const of = (connectionId: number) => sockets.filter((socket) => socket.options.connectionId === connectionId);
  return { factory, sockets, failures, of, latest: (connectionId: number) => of(connectionId).at(-1) };
};
