// Socket.IO encodes a broadcast's WebSocket frame once for all of its sockets, as a header and a
// payload that each socket then writes as a corked pair of buffers. Joined into one buffer, the
// frame is one plain write per socket: an event to 2,000 sockets reaches the last of them about
// 10 ms sooner (docs/benchmarks.md). `_encode` is where socket.io-adapter builds that frame, for
// the in-memory adapter and the Redis one alike.
import type { Server } from 'socket.io';

type PacketOptions = { wsPreEncodedFrame?: Buffer[] };
type FrameEncoder = { _encode: (packet: unknown, options: PacketOptions) => unknown };
type AdapterMaker = new (namespace: unknown) => FrameEncoder;

// Wraps the server's current adapter (set the Redis one first).
export const joinBroadcastFrames = (io: Server) => {
  const Base = io.adapter() as unknown as AdapterMaker;
  // called with `new` by Socket.IO: returning an object makes it the adapter
  function JoinedFrames(namespace: unknown) {
    const adapter = new Base(namespace);
    const encode = adapter._encode.bind(adapter);
    adapter._encode = (packet, options) => {
      const encoded = encode(packet, options);
      const frame = options.wsPreEncodedFrame;
      if (frame?.length === 2) options.wsPreEncodedFrame = [Buffer.concat(frame)];
      return encoded;
    };
    return adapter;
  }
  io.adapter(JoinedFrames as never);
};
