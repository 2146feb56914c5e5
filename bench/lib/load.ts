// A closed-loop HTTP load generator on loopback: `connections` clients, each sending its next
// request as soon as the previous answer has been read, for `seconds`. Plain node:http with
// keep-alive, so the client costs little of the two cores the server also needs.
import http from 'node:http';
import { summary } from './common.ts';

export type LoadResult = ReturnType<typeof summary> & { requestsPerSecond: number; errors: number; statuses: Record<number, number> };

// A client on one keep-alive pool of `connections` sockets, signed in with `token`: each call
// sends one request (a body as JSON) and answers the status once the answer is read.
export const httpClient = (url: string, token: string, connections: number) => {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const send = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    new Promise<number>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: http.OutgoingHttpHeaders = { accept: 'application/json', authorization: `Bearer ${token}` };
      if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
      const request = http.request({ host: target.hostname, port: target.port, path, method, agent, headers }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
  return { send, close: () => agent.destroy() };
};

export const load = async (options: { url: string; path: string; token: string; connections: number; seconds: number }): Promise<LoadResult> => {
  const requests = httpClient(options.url, options.token, options.connections);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;

  const started = performance.now();
  const end = started + options.seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const at = performance.now();
      try {
        const status = await requests.send('GET', options.path);
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
  requests.close();
  return { ...summary(latencies), requestsPerSecond: latencies.length / elapsed, errors, statuses };
};
