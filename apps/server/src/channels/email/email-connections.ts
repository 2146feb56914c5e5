// Connecting a support mailbox. The SMTP settings are checked first with nodemailer's verify()
// (connect, TLS, login) so a typo is the admin's 400 now rather than every answer's failure later;
// then the connection is stored with a fresh forwarding address <token>@INBOUND_EMAIL_DOMAIN, the
// token its external id (what the receiver looks recipients up by) and the address its number.
import { randomBytes } from 'node:crypto';
import type { EmailConnectionBody } from '@atende/shared/email';
import type { AuditActor } from '../../modules/audit/audit.steps.ts';
import type { ConnectionsService } from '../../modules/connections/connections.service.ts';
import type { TenantContext } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { emailChannelConfig, rejectionOf, type SmtpConnector } from './smtp-account.ts';

// 20 characters of [a-z0-9]: unguessable, and a valid local part for any mail server
const newForwardingToken = () =>
  Array.from(randomBytes(20), (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');

export const createEmailConnections = (deps: { connections: ConnectionsService; secrets: SecretBox; smtp: SmtpConnector; inboundDomain: string | undefined }) => ({
  connect: async (tenant: TenantContext, body: EmailConnectionBody, actor: AuditActor) => {
    const domain = deps.inboundDomain;
    // without a receiving domain no forwarded mail could arrive
    if (!domain) throw new AppError('ERR_EMAIL_DISABLED', 400);
    const account = { supportAddress: body.supportAddress, ...body.smtp };
    try {
      const transport = await deps.smtp.transportFor(account);
      try {
        await transport.verify();
      } finally {
        transport.close();
      }
    } catch (error) {
      const rejection = rejectionOf(error);
      throw new AppError(rejection && rejection.code !== 'ERR_SENDING_WAPP_MSG' ? rejection.code : 'ERR_CHANNEL_UNREACHABLE', 400);
    }
    const token = newForwardingToken();
    const [connection] = await deps.connections.connectAccounts(
      tenant,
      [{ channel: 'email', name: body.name, number: `${token}@${domain}`, externalId: token, channelConfig: emailChannelConfig(deps.secrets, body.supportAddress, body.smtp) }],
      actor,
    );
    return connection;
  },
});

export type EmailConnections = ReturnType<typeof createEmailConnections>;
