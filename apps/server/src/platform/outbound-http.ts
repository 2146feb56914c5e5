// The one HTTP client for addresses a company typed (queue integrations' URLs, the images their
// bots send, and whatever else a tenant can point the server at). A company must not make this
// server call its own network: loopback, private, link-local, unique-local, multicast, reserved
// and cloud-metadata addresses are refused, in every spelling (the WHATWG URL parser turns
// 2130706433 and 0x7f.1 into 127.0.0.1; IPv4-mapped and NAT64 IPv6 forms are read for the IPv4
// address inside). The check runs on the address the socket connects to, inside the connection's
// own DNS lookup, so a name that resolved to a public address a moment ago and to 127.0.0.1 now
// (DNS rebinding) is still refused. Redirects are followed by hand, each hop checked again. The
// operator's own services on a private network are let through by OUTBOUND_ALLOWED_HOSTS.
// Addresses the operator configures (Meta, OpenAI, Pix, Dialogflow) use the same client with
// `addresses: 'operator'`, which checks nothing but keeps the caps on size, time and redirects.
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type ResolvedAddress = { address: string; family: number };
// a DNS lookup: every address of a name (tests inject one that answers what a rebinding server would)
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type OutboundFailure = 'address refused' | 'timeout' | 'unreachable' | 'too large' | 'too many redirects';

export class OutboundError extends Error {
  constructor(readonly reason: OutboundFailure) {
    super(`outbound request failed: ${reason}`);
  }
}

// body: text, or bytes (a multipart upload built whole, as a Telegram bot's file goes up)
export type OutboundRequest = { method?: string; headers?: Record<string, string>; body?: string | Uint8Array; timeoutMs: number; maxBytes: number };
export type OutboundResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer };

export type OutboundHttp = {
  request: (url: string, init: OutboundRequest) => Promise<OutboundResponse>;
  // a URL whose host is plainly internal without asking DNS (an IP literal or a localhost name);
  // a form can refuse it when it is saved, the connection is checked again regardless
  isPlainlyRefused: (url: string) => boolean;
  // the same, or a host name that DNS answers with a refused address now (a form refuses it when
  // it is saved; a name that does not resolve is left to fail when called)
  resolvesToRefused: (url: string) => Promise<boolean>;
};

export const MAX_REDIRECTS = 3;

// Ranges no company may reach (IANA special-purpose registries, less what is globally reachable).
const REFUSED_IPV4: [string, number][] = [
  ['0.0.0.0', 8], // "this network": 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT; holds Alibaba Cloud's metadata 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local; holds the metadata address 169.254.169.254 of AWS, GCP, Azure
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];
const REFUSED_IPV6: [string, number][] = [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible forms
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local; holds AWS's metadata fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

const refused = new BlockList();
for (const [network, prefix] of REFUSED_IPV4) refused.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of REFUSED_IPV6) refused.addSubnet(network, prefix, 'ipv6');

// the eight 16-bit groups of an IPv6 address (isIP already said it is one)
const ipv6Groups = (address: string): number[] => {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const groups = tail === undefined ? first : [...first, ...Array<string>(8 - first.length - last.length).fill('0'), ...last];
  return groups.map((group) => parseInt(group, 16));
};

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

// The IPv4 address an IPv6 address carries: IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) and
// 6to4 (2002::/16) reach that IPv4 host, so they are judged as it.
const embeddedIpv4 = (address: string) => {
  const g = ipv6Groups(address);
  if (g.slice(0, 5).every((group) => group === 0) && g[5] === 0xffff) return ipv4Of(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) return ipv4Of(g[6], g[7]);
  if (g[0] === 0x2002) return ipv4Of(g[1], g[2]);
  return undefined;
};

const withoutZone = (address: string) => address.replace(/%.*$/, '');

// true when the address is in a range no company may reach (the operator's allowance aside)
export const isRefusedAddress = (ip: string): boolean => {
  const address = withoutZone(ip);
  const family = isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner && refused.check(inner, 'ipv4')) return true;
  return refused.check(address, 'ipv6');
};

// RFC 6761: localhost and its subdomains are the local host whatever DNS says
const isLocalhostName = (hostname: string) => /(^|\.)localhost$/.test(hostname);

// the URL's host without IPv6 brackets, lower case and without a final dot
const hostnameOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase();

// One entry of OUTBOUND_ALLOWED_HOSTS: a hostname, an IP address or a CIDR.
export const isAllowanceEntry = (entry: string) => {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const family = isIP(address);
  if (family !== 0) return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  return prefix === undefined && /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/i.test(address);
};

type Allowance = { hosts: Set<string>; ranges: BlockList };

const allowanceOf = (entries: string[]): Allowance => {
  const hosts = new Set<string>();
  const ranges = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0) hosts.add(address.replace(/\.$/, '').toLowerCase());
    else if (prefix === undefined) ranges.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    else ranges.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  }
  return { hosts, ranges };
};

// an IPv4-mapped address is matched against IPv4 ranges by BlockList itself
const isAllowedAddress = (allowance: Allowance, ip: string) => {
  const address = withoutZone(ip);
  const family = isIP(address);
  return family !== 0 && allowance.ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

const systemResolver: HostResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

type Policy = { refuses: (address: string) => boolean; trustsHost: (hostname: string) => boolean; resolve: HostResolver };

// The socket's own lookup: the one DNS answer is checked and then connected to, nothing else (a
// host the operator allowed by name is resolved the same way, unchecked).
const guardedLookup =
  (policy: Policy, check: boolean): LookupFunction =>
  (hostname, options, callback) => {
    const done = callback as (error: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;
    policy
      .resolve(hostname)
      .then((found) => {
        const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
        const usable = found.filter((entry) => (family === 0 || entry.family === family) && !(check && policy.refuses(entry.address)));
        if (usable.length === 0) {
          if (found.length === 0) return done(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
          return done(new OutboundError('address refused'), '');
        }
        if (options.all) return done(null, usable);
        done(null, usable[0].address, usable[0].family);
      })
      .catch((error: NodeJS.ErrnoException) => done(error, ''));
  };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const errorOf = (error: unknown, signal: AbortSignal): OutboundError => {
  if (error instanceof OutboundError) return error;
  if (signal.aborted) return new OutboundError('timeout');
  return new OutboundError('unreachable');
};

// One exchange: the answer's body is read up to maxBytes, past it the socket is destroyed.
const exchange = (url: URL, init: OutboundRequest, lookup: LookupFunction | undefined, signal: AbortSignal) =>
  new Promise<OutboundResponse>((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    // a fresh connection each time: a kept-alive socket would skip the lookup's check
    const request = send(url, { method: init.method ?? 'GET', headers: init.headers, lookup, signal, agent: false }, (response: IncomingMessage) => {
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > init.maxBytes) {
        reject(new OutboundError('too large'));
        return void response.destroy();
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > init.maxBytes) {
          reject(new OutboundError('too large'));
          return void response.destroy();
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', (error) => reject(errorOf(error, signal)));
      response.on('aborted', () => reject(errorOf(undefined, signal)));
    });
    request.on('error', (error) => reject(errorOf(error, signal)));
    request.end(init.body);
  });

export const createOutboundHttp = (
  options: { addresses: 'operator' } | { addresses: 'company'; allowed: string[]; resolve?: HostResolver },
): OutboundHttp => {
  const policy: Policy | undefined =
    options.addresses === 'company'
      ? (() => {
          const allowance = allowanceOf(options.allowed);
          return {
            refuses: (address: string) => isRefusedAddress(address) && !isAllowedAddress(allowance, address),
            trustsHost: (hostname: string) => allowance.hosts.has(hostname),
            resolve: options.resolve ?? systemResolver,
          };
        })()
      : undefined;

  // 'check': a name, whose addresses the socket's own lookup checks; 'trusted': a name the
  // operator allowed, resolved unchecked; 'allowed': an address that passed, or any address of
  // the operator's own
  const refusal = (url: URL): 'refused' | 'allowed' | 'trusted' | 'check' => {
    if (!policy) return 'allowed';
    const hostname = hostnameOf(url);
    if (policy.trustsHost(hostname)) return isIP(hostname) ? 'allowed' : 'trusted';
    if (isIP(hostname)) return policy.refuses(hostname) ? 'refused' : 'allowed';
    return isLocalhostName(hostname) ? 'refused' : 'check';
  };

  return {
    isPlainlyRefused: (text) => {
      try {
        return refusal(new URL(text)) === 'refused';
      } catch {
        return false;
      }
    },

    resolvesToRefused: async (text) => {
      if (!policy || !URL.canParse(text)) return false;
      const url = new URL(text);
      const verdict = refusal(url);
      if (verdict !== 'check') return verdict === 'refused';
      const found = await policy.resolve(hostnameOf(url)).catch((): ResolvedAddress[] => []);
      return found.some((entry) => policy.refuses(entry.address));
    },

    request: async (text, init) => {
      const signal = AbortSignal.timeout(init.timeoutMs);
      let url = new URL(text);
      let current = init;
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('unreachable');
        const verdict = refusal(url);
        if (verdict === 'refused') throw new OutboundError('address refused');
        const lookup = policy && verdict !== 'allowed' ? guardedLookup(policy, verdict === 'check') : undefined;
        const response = await exchange(url, current, lookup, signal);
        const location = response.headers.location;
        if (!REDIRECTS.has(response.status) || !location) return response;
        if (hop >= MAX_REDIRECTS) throw new OutboundError('too many redirects');
        const next = new URL(location, url);
        // as fetch does: 303, and 301/302 after a POST, go on as a GET without the body
        const asGet = response.status === 303 || ((response.status === 301 || response.status === 302) && current.method === 'POST');
        const headers = { ...current.headers };
        if (asGet) for (const name of Object.keys(headers)) if (/^content-/i.test(name)) delete headers[name];
        if (next.origin !== url.origin) for (const name of Object.keys(headers)) if (/^(authorization|cookie)$/i.test(name)) delete headers[name];
        current = asGet ? { ...current, method: 'GET', body: undefined, headers } : { ...current, headers };
        url = next;
      }
    },
  };
};
