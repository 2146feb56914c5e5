// A stand-in for a Baileys socket: its `ev` emits Baileys' own event shapes (connection.update,
// creds.update, messages.upsert, messages.update, message-receipt.update, call…) when a test says
// so, and it records what the product asked of it (sendMessage, readMessages, rejectCall,
// onWhatsApp, profilePictureUrl, logout). No test reaches WhatsApp.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { AnyMessageContent, MiscMessageGenerationOptions, WAMessageKey } from '@whiskeysockets/baileys';
import type { SocketFactory, SocketOptions, WhatsappEvents, WhatsappSocket } from '../../src/channels/whatsapp/socket.ts';

export class FakeWhatsappSocket {
  readonly ev = new EventEmitter();
  user: { id: string; name?: string } | undefined;
  readonly sent: Array<{ jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }> = [];
  readonly reads: WAMessageKey[][] = [];
  readonly rejectedCalls: Array<{ id: string; from: string }> = [];
  readonly numberChecks: string[][] = [];
  readonly pictureRequests: string[] = [];
  readonly numbersOnWhatsapp = new Set<string>();
  loggedOut = false;
  ended = false;

  constructor(readonly options: SocketOptions) {}

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

  sendMessage = async (jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) => {
    this.sent.push({ jid, content, options });
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

  logout = async () => {
    this.loggedOut = true;
  };

  end = () => {
    this.ended = true;
  };
}

// Records every socket the product opened, per connection, in order.
export const fakeWhatsapp = () => {
  const sockets: FakeWhatsappSocket[] = [];
  const factory: SocketFactory = (options) => {
    const socket = new FakeWhatsappSocket(options);
    sockets.push(socket);
    return socket as unknown as WhatsappSocket;
  };
  const of = (connectionId: number) => sockets.filter((socket) => socket.options.connectionId === connectionId);
  return { factory, sockets, of, latest: (connectionId: number) => of(connectionId).at(-1) };
};
