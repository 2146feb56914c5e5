// Counts the messages each channel's provider accepted, for /metrics.
import type { Metrics } from '../platform/operations/metrics.ts';
import type { ChannelProvider } from './provider.ts';

export const countingSends = (providers: Record<string, ChannelProvider>, metrics: Pick<Metrics, 'countOutbound'>) =>
  Object.fromEntries(
    Object.entries(providers).map(([channel, provider]): [string, ChannelProvider] => [
      channel,
      {
        ...provider,
        send: async (payload) => {
          const receipt = await provider.send(payload);
          metrics.countOutbound(channel);
          return receipt;
        },
      },
    ]),
  );
