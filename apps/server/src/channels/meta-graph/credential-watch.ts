// A send refused for a revoked or expired token says the connection needs its owner: it is
// shown DISCONNECTED (the connections menu badge warns) until it is connected again.
import type { ConnectionsService } from '../../modules/connections/connections.service.ts';
import { ProviderRejection, type ChannelProvider } from '../provider.ts';

export const watchingCredentials = (provider: ChannelProvider, connections: ConnectionsService): ChannelProvider => ({
  ...provider,
  send: async (payload) => {
    try {
      return await provider.send(payload);
    } catch (error) {
      if (error instanceof ProviderRejection && error.code === 'ERR_INVALID_CREDENTIALS') {
        await connections.setStatus(payload.companyId, payload.connectionId, 'DISCONNECTED');
      }
      throw error;
    }
  },
});
