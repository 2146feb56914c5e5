import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { publicSettingsQueryKeys } from './use-public-setting.ts';

// Whitelabel changes apply at once on every open screen, signed in or not (03-saas §2): the
// public-settings event on the public namespace updates the cached public setting it names, and
// a reconnect that could not recover what it missed reads them all again.
export const useBrandingEvents = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let disposed = false;
    let stop = () => {};
    // the socket client is fetched after the first screen, not with it
    void import('./create-public-socket.ts').then(({ createPublicSocket }) => {
      if (disposed) return;
      const socket = createPublicSocket();
      let connectedBefore = false;
      socket.on('connect', () => {
        if (connectedBefore && !socket.recovered) void queryClient.invalidateQueries({ queryKey: publicSettingsQueryKeys.all });
        connectedBefore = true;
      });
      socket.on('public-settings', ({ setting }) => {
        queryClient.setQueryData(publicSettingsQueryKeys.one(setting.key), setting);
      });
      stop = () => socket.disconnect();
    });
    return () => {
      disposed = true;
      stop();
    };
  }, [queryClient]);
};
