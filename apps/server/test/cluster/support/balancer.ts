// A TCP load balancer in front of the server processes, as a deployment has one: each new
// connection goes to the first backend, in the given order, that accepts it. While it is shut
// (`accepting = false`), new connections are dropped at once, as by a balancer with no healthy
// backend, so a test can make a change while a client cannot reach any process.
import { connect, createServer, type Socket } from 'node:net';

export const balancer = async (backendPorts: () => number[]) => {
  const open = new Set<Socket>();
  const state = { accepting: true };
  const server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    if (!state.accepting) return void client.destroy();
    client.pause();
    const tryBackend = (ports: number[]) => {
      const [port, ...rest] = ports;
      if (port === undefined) return void client.destroy();
      const backend = connect(port, '127.0.0.1');
      backend.once('error', () => tryBackend(rest));
      backend.once('connect', () => {
        backend.removeAllListeners('error');
        backend.on('error', () => client.destroy());
        backend.on('close', () => client.destroy());
        client.on('close', () => backend.destroy());
        client.pipe(backend).pipe(client);
        client.resume();
      });
    };
    tryBackend(backendPorts());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((done) => {
        open.forEach((socket) => socket.destroy());
        server.close(() => done());
      }),
  };
};
