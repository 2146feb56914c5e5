// Proves that an event did NOT reach a socket without waiting a fixed time (which, on a slow
// machine, passes without testing anything). After its action a test triggers a marker: an event
// the socket is sure to receive, emitted after every event of the action. Socket.IO delivers a
// socket's packets in the order they were emitted, so once the marker has arrived, whatever the
// action sent to that socket has arrived before it.
//
// The marker: the socket's own user renames itself, which every socket of its company receives on
// company-{id}-user. Marker names are never a test's own, so recorders can leave them out.
import type { Socket } from 'socket.io-client';
import type { TestApp } from './test-app.ts';

// The socket, and the session and user behind it: who triggers its marker.
export type Watcher = { socket: Socket; token: string; user: { id: number; email: string } };

const MARKER_PREFIX = 'Socket marker ';
let markers = 0;

const markerName = (payload: unknown) => {
  const user = (payload as { user?: { name?: unknown } } | null)?.user;
  return typeof user?.name === 'string' && user.name.startsWith(MARKER_PREFIX) ? user.name : undefined;
};

export const isMarker = (payload: unknown) => markerName(payload) !== undefined;

// Resolves once the watcher's socket has received a marker triggered now.
export const awaitMarker = async (t: TestApp, watcher: Watcher) => {
  const name = `${MARKER_PREFIX}${++markers}`;
  const arrived = new Promise<void>((resolve) => {
    const listener = (_channel: string, payload: unknown) => {
      if (markerName(payload) !== name) return;
      watcher.socket.offAny(listener);
      resolve();
    };
    watcher.socket.onAny(listener);
  });
  const renamed = await t.request('PUT', `/users/${watcher.user.id}`, { token: watcher.token, body: { name, email: watcher.user.email } });
  if (renamed.status !== 200) throw new Error(`marker rename: ${renamed.status} ${JSON.stringify(renamed.body)}`);
  await arrived;
};

// The payloads that reached the watcher on `channel` while `action` ran, every one of them.
export const collectUntilMarker = async <T = unknown>(t: TestApp, watcher: Watcher, channel: string, action: () => Promise<unknown>) => {
  const seen: T[] = [];
  const record = (payload: T) => {
    if (!isMarker(payload)) seen.push(payload);
  };
  watcher.socket.on(channel, record);
  await action();
  await awaitMarker(t, watcher);
  watcher.socket.off(channel, record);
  return seen;
};
