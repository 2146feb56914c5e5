// A company's own SMTP server, through which an email connection's answers leave. Its password
// is kept sealed with SECRETS_ENCRYPTION_KEY in channel_config (never sent to clients). The host a
// company typed is reached only at an address the outbound rules allow (no loopback, private or
// metadata ranges unless the operator allowed them in OUTBOUND_ALLOWED_HOSTS): the name is resolved
// here, checked, and the transport connects to that checked address (no second lookup to rebind).
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { createTransport, type Transporter } from 'nodemailer';
import type { EmailSmtpSettings } from '@atende/shared/email';
import type { ConnectionRow } from '../../modules/connections/connections.repo.ts';
import { isRefusedAddress } from '../../platform/outbound-http.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { ProviderRejection } from '../provider.ts';

const TIMEOUT_MS = 20_000;

export type SmtpAccount = { supportAddress: string; host: string; port: number; secure: boolean; user?: string; password?: string };

export const emailChannelConfig = (secrets: SecretBox, supportAddress: string, smtp: EmailSmtpSettings): Record<string, string> => ({
  supportAddress,
  smtpHost: smtp.host,
  smtpPort: String(smtp.port),
  smtpSecure: smtp.secure ? 'true' : 'false',
  ...(smtp.user ? { smtpUser: smtp.user } : {}),
  ...(smtp.password ? { smtpPassword: secrets.seal(smtp.password) } : {}),
});

export const smtpAccountOf = (secrets: SecretBox, connection: Pick<ConnectionRow, 'channelConfig'>): SmtpAccount | undefined => {
  const config = connection.channelConfig;
  if (!config.supportAddress || !config.smtpHost) return undefined;
  try {
    return {
      supportAddress: config.supportAddress,
      host: config.smtpHost,
      port: Number(config.smtpPort),
      secure: config.smtpSecure === 'true',
      user: config.smtpUser,
      password: config.smtpPassword ? secrets.open(config.smtpPassword) : undefined,
    };
  } catch {
    // sealed under another SECRETS_ENCRYPTION_KEY: the mailbox must be connected again
    return undefined;
  }
};

// OUTBOUND_ALLOWED_HOSTS entries: names, addresses and CIDR ranges the operator lets companies reach
const allowanceOf = (allowed: string[]) => {
  const names = new Set<string>();
  const ranges = new BlockList();
  for (const entry of allowed) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address);
    if (family === 0) names.add(address.toLowerCase());
    else if (prefix === undefined) ranges.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    else ranges.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  }
  return { names, ranges };
};

export type SmtpConnector = { transportFor: (account: SmtpAccount) => Promise<Transporter> };

export const createSmtpConnector = (allowed: string[]): SmtpConnector => {
  const allowance = allowanceOf(allowed);
  const isAllowed = (address: string) => allowance.ranges.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

  const checkedAddressOf = async (host: string) => {
    const resolved = isIP(host) ? [{ address: host }] : await lookup(host, { all: true }).catch(() => []);
    if (resolved.length === 0) throw new ProviderRejection('ERR_CHANNEL_UNREACHABLE', `SMTP host ${host} does not resolve`);
    if (allowance.names.has(host.toLowerCase())) return resolved[0].address;
    const refused = resolved.find(({ address }) => isRefusedAddress(address) && !isAllowed(address));
    if (refused) throw new ProviderRejection('ERR_OUTBOUND_ADDRESS_REFUSED', `SMTP host ${host} is at a refused address`);
    return resolved[0].address;
  };

  return {
    transportFor: async (account) => {
      const address = await checkedAddressOf(account.host);
      const transport = createTransport({
        host: address,
        port: account.port,
        secure: account.secure,
        // a company's mailbox password never crosses the network in clear text
        requireTLS: !account.secure && Boolean(account.user) && !isRefusedAddress(address),
        tls: { servername: isIP(account.host) ? undefined : account.host },
        auth: account.user ? { user: account.user, pass: account.password ?? '' } : undefined,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      });
      transport.on('error', () => undefined);
      return transport;
    },
  };
};

// nodemailer's failures sorted once: refused credentials and permanent (5xx) answers are final,
// anything else (a timeout, a 4xx, a closed socket) is passing and left to the caller's retry
export const rejectionOf = (error: unknown): ProviderRejection | undefined => {
  if (error instanceof ProviderRejection) return error;
  const { code, responseCode, message } = error as { code?: string; responseCode?: number; message?: string };
  if (code === 'EAUTH') return new ProviderRejection('ERR_INVALID_CREDENTIALS', `SMTP login refused: ${message}`);
  if (typeof responseCode === 'number' && responseCode >= 500) return new ProviderRejection('ERR_SENDING_WAPP_MSG', `SMTP refused: ${message}`);
  return undefined;
};
