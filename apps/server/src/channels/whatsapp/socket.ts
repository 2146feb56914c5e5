// The part of a Baileys socket the channel uses, and the factory that makes one. Production uses
// Baileys' makeWASocket; tests hand in a fake that emits Baileys' own event shapes, so no test
// reaches WhatsApp.
import type { EventEmitter } from 'node:events';
// named, not default: under Node's ESM loader the default export of this CommonJS package is its
// whole exports object
import {
  Browsers,
  makeWASocket,
  makeCacheableSignalKeyStore,
  type AuthenticationState,
  type BaileysEventMap,
  type proto,
  type WAMessageKey,
  type WASocket,
} from '@whiskeysockets/baileys';
import type { FastifyBaseLogger } from 'fastify';

export type WhatsappEvents = BaileysEventMap;

export type WhatsappSocket = Pick<
  WASocket,
  'sendMessage' | 'readMessages' | 'rejectCall' | 'onWhatsApp' | 'profilePictureUrl' | 'logout' | 'end' | 'user'
> & {
  ev: { on: <E extends keyof WhatsappEvents>(event: E, listener: (arg: WhatsappEvents[E]) => void) => void };
  // Baileys' WebSocket client, which emits the WebSocket's 'error' events
  ws: EventEmitter;
  groupMetadata?: WASocket['groupMetadata'];
  updateMediaMessage?: WASocket['updateMediaMessage'];
};

export type SocketOptions = {
  connectionId: number;
  auth: AuthenticationState;
  // full history is asked for only when the connection imports old messages
  syncFullHistory: boolean;
  // a message we sent, for a recipient whose phone asks for it again (Baileys' retry requests)
  getMessage: (key: WAMessageKey) => Promise<proto.IMessage | undefined>;
  log: FastifyBaseLogger;
};

export type SocketFactory = (options: SocketOptions) => WhatsappSocket;

// Baileys logs every frame at info; only its warnings are worth a line here
export const baileysLogger = (log: FastifyBaseLogger) => log.child({}, { level: 'warn' });

// webSocketUrl: where WhatsApp Web is reached (Baileys' default, WhatsApp's own, when unset); a
// test points it at a loopback port that refuses or never answers
export const createBaileysSocketFactory =
  (settings: { webSocketUrl?: string } = {}): SocketFactory =>
  ({ auth, syncFullHistory, getMessage, log }) => {
    const logger = baileysLogger(log);
    return makeWASocket({
      auth: { creds: auth.creds, keys: makeCacheableSignalKeyStore(auth.keys, logger) },
      logger,
      browser: Browsers.appropriate('Chrome'),
      syncFullHistory,
      getMessage,
      markOnlineOnConnect: false,
      // our own sends are recorded by the outbound job; only messages typed on the phone come back
      emitOwnEvents: false,
      ...(settings.webSocketUrl && { waWebSocketUrl: settings.webSocketUrl }),
    });
  };

export const baileysSocketFactory = createBaileysSocketFactory();

// Keeps a listener on an emitter's 'error' event for the emitter's whole life. Baileys' end() takes
// every 'error' listener off its WebSocket client and then closes it; a WebSocket closed while still
// connecting emits 'error' on the next tick ("WebSocket was closed before the connection was
// established"), and an 'error' with no listener is thrown: it took the process down. So the
// listener is put back whenever something removes it (removeAllListeners announces each removal).
export const keepErrorListener = (emitter: EventEmitter, onError: (error: Error) => void) => {
  emitter.on('error', onError);
  emitter.on('removeListener', (event: string | symbol, listener: unknown) => {
    if (event === 'error' && listener === onError) emitter.on('error', onError);
  });
};
