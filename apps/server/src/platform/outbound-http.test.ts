import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundHttp, isAllowanceEntry, isRefusedAddress, MAX_REDIRECTS, OutboundError, type HostResolver } from './outbound-http.ts';

// A loopback server that records each request's path and answers from its handler.
const serve = async (handle: (request: IncomingMessage, response: ServerResponse) => void) => {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}`, paths, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

const reasonOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'answered';
  } catch (error) {
    return error instanceof OutboundError ? error.reason : String(error);
  }
};

describe('which addresses a company may reach (docs/security.md Outbound addresses)', () => {
  it('refuses loopback, private, link-local, unique-local, multicast, reserved and metadata addresses, also inside IPv6', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::10.0.0.1',
      '2002:7f00:1::1',
      'fc00::1',
      'fd00:ec2::254',
      'fe80::1%eth0',
      'ff02::1',
      'not an address',
    ];
    const reachable = ['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'];
    expect(refused.filter((address) => !isRefusedAddress(address))).toEqual([]);
    expect(reachable.filter(isRefusedAddress)).toEqual([]);
  });

  it('reads OUTBOUND_ALLOWED_HOSTS entries: hostnames, addresses and CIDRs', () => {
    expect(['n8n.internal', 'typebot', '10.0.0.5', '10.0.0.0/8', 'fd12::/16', '::1'].every(isAllowanceEntry)).toBe(true);
    expect(['10.0.0.0/33', 'http://n8n.internal', 'a b', '10.0.0.0/8/1', '::1/129', ''].some(isAllowanceEntry)).toBe(false);
  });
});

describe('the guarded outbound client (docs/security.md Outbound addresses)', () => {
  let internal: Awaited<ReturnType<typeof serve>>;
  let redirector: Awaited<ReturnType<typeof serve>>;
  const lookups: string[] = [];
  // every name resolves to loopback, the way a rebinding server answers at connect time
  const toLoopback: HostResolver = async (hostname) => {
    lookups.push(hostname);
    return [{ address: '127.0.0.1', family: 4 }];
  };

  beforeAll(async () => {
    internal = await serve((request, response) => {
      if (request.url === '/big') {
        response.writeHead(200);
        response.write(Buffer.alloc(64 * 1024));
        return void response.end(Buffer.alloc(64 * 1024));
      }
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('internal metrics');
    });
    redirector = await serve((request, response) => {
      const hops = Number(/^\/hop\/(\d+)$/.exec(request.url ?? '')?.[1] ?? -1);
      const location = hops > 0 ? `/hop/${hops - 1}` : request.url === '/hop/0' ? '/done' : `${internal.url}/metrics`;
      if (request.url === '/done') {
        response.writeHead(200);
        return void response.end('done');
      }
      response.writeHead(302, { location });
      response.end();
    });
  });
  afterAll(async () => {
    await internal?.close();
    await redirector?.close();
  });

  const init = { timeoutMs: 10_000, maxBytes: 1024 * 1024 };

  it('never connects to loopback in any spelling, nor to a name that resolves there at connect time', async () => {
    const http = createOutboundHttp({ addresses: 'company', allowed: [], resolve: toLoopback });
    const port = internal.port;
    const urls = [
      `http://127.0.0.1:${port}/metrics`,
      `http://localhost:${port}/metrics`,
      `http://LOCALHOST.:${port}/metrics`,
      `http://2130706433:${port}/metrics`,
      `http://0x7f.1:${port}/metrics`,
      `http://0177.0.0.1:${port}/metrics`,
      `http://[::1]:${port}/metrics`,
      `http://[::ffff:127.0.0.1]:${port}/metrics`,
      `http://rebound.example:${port}/metrics`,
    ];
    for (const url of urls) expect([url, await reasonOf(http.request(url, init))]).toEqual([url, 'address refused']);
    // the last one was refused in the connection's own lookup, which is the only one
    expect(lookups).toEqual(['rebound.example']);
    expect(internal.paths).toEqual([]);
    expect(urls.slice(0, -1).every(http.isPlainlyRefused)).toBe(true);
    expect(http.isPlainlyRefused(`http://rebound.example:${port}/`)).toBe(false);
  });

  it('follows a redirect only to an address that passes the same check, and only a few times', async () => {
    const http = createOutboundHttp({ addresses: 'company', allowed: ['redirector.example'], resolve: toLoopback });
    const base = `http://redirector.example:${redirector.port}`;
    expect(await reasonOf(http.request(`${base}/to-internal`, init))).toBe('address refused');
    expect(internal.paths).toEqual([]);
    const followed = await http.request(`${base}/hop/${MAX_REDIRECTS - 1}`, init);
    expect([followed.status, followed.body.toString()]).toEqual([200, 'done']);
    expect(await reasonOf(http.request(`${base}/hop/${MAX_REDIRECTS}`, init))).toBe('too many redirects');
  });

  it('lets through the hosts and CIDRs the operator allowed, and cuts an answer past its size cap', async () => {
    const byRange = createOutboundHttp({ addresses: 'company', allowed: ['127.0.0.0/8'] });
    expect((await byRange.request(`${internal.url}/metrics`, init)).body.toString()).toBe('internal metrics');
    const byName = createOutboundHttp({ addresses: 'company', allowed: ['metrics.internal'], resolve: toLoopback });
    expect((await byName.request(`http://metrics.internal:${internal.port}/metrics`, init)).status).toBe(200);
    expect(await reasonOf(byRange.request(`${internal.url}/big`, { ...init, maxBytes: 100 * 1024 }))).toBe('too large');
    // the operator's own addresses (Dialogflow, Meta, OpenAI…) are not limited
    const operator = createOutboundHttp({ addresses: 'operator' });
    expect((await operator.request(`${internal.url}/metrics`, init)).status).toBe(200);
  });
});
