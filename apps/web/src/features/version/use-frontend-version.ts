import { FRONTEND_VERSION } from '@atende/shared/constants';
import { settingsEndpoints } from '@atende/shared/settings-schemas';
import { useCallback, useState } from 'react';
import { callEndpoint } from '../../lib/endpoint-client.ts';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage.ts';
import { useSessionUser } from '../../lib/session/session-context.ts';

const RELOAD_DELAY_MS = 1000;

// A browser's first visit has nothing to compare with: it starts at the running build.
const storedOrCurrent = () => {
  const stored = readStorage(storageKeys.frontendVersion);
  if (stored !== null) return stored;
  writeStorage(storageKeys.frontendVersion, FRONTEND_VERSION);
  return FRONTEND_VERSION;
};

// 01-core §4 Other: a build newer than the one this browser last confirmed offers an update.
export const useFrontendVersion = () => {
  // every company reads the one recorded version, so only the super admin's update records it
  const recordsVersion = useSessionUser().super;
  const [stored, setStored] = useState(storedOrCurrent);
  const updateAvailable = stored !== FRONTEND_VERSION;

  const applyUpdate = useCallback(async () => {
    writeStorage(storageKeys.frontendVersion, FRONTEND_VERSION);
    setStored(FRONTEND_VERSION);
    if (recordsVersion) {
      try {
        await callEndpoint(settingsEndpoints.recordVersion, { body: { version: FRONTEND_VERSION } });
      } catch {
        // the reload still picks up the new build
      }
    }
    if ('caches' in window) {
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
    }
    setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
  }, [recordsVersion]);

  return { updateAvailable, applyUpdate };
};
