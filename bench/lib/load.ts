// A closed-loop HTTP load generator on loopback: `connections` clients, each sending its next
// request as soon as the previous answer has been read, for `seconds`. Plain node:http with
// keep-alive, so the client costs little of the two cores the server also needs.
import http from 'node:http';
import { summary } from './common.ts';

export type LoadResult = ReturnType<typeof summary> & { requestsPerSecond: number; errors: number; statuses: Record<number, number> };

// A JSON POST client on one keep-alive pool: the senders of a load share `connections` sockets.
export const jsonPoster = (url: string, token: string, connections: number) => {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const post = (path: string, body: unknown) =>
    new Promise<number>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const headers = {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      };
      const request = http.request({ host: target.hostname, port: target.port, path, method: 'POST', agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
  return { post, close: () => agent.destroy() };
};

export const load = async (options: { url: string; path: string; token: string; connections: number; seconds: number }): Promise<LoadResult> => {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const headers = { accept: 'application/json', authorization: `Bearer ${options.token}` };
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;

  const once = () =>
    new Promise<number>((resolve, reject) => {
      const request = http.request({ host: target.hostname, port: target.port, path: options.path, agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });

  const started = performance.now();
  const end = started + options.seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const at = performance.now();
      try {
        const status = await once();
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status === 200) latencies.push(performance.now() - at);
        else errors += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { ...summary(latencies), requestsPerSecond: latencies.length / elapsed, errors, statuses };
};
