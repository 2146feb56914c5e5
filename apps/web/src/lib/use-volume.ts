import { VOLUME } from '@atende/shared/constants';
import { useCallback, useState } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

// Notification volume 0..1 stored as `volume` (01-core §9); notification sounds read it too.
export const readVolume = () => {
  const raw = readStorage(storageKeys.volume);
  const stored = Number(raw);
  if (raw === null || raw === '' || Number.isNaN(stored)) return VOLUME.default;
  return Math.min(VOLUME.max, Math.max(VOLUME.min, stored));
};

export const useVolume = () => {
  const [volume, setVolumeState] = useState(readVolume);
  const setVolume = useCallback((value: number) => {
    setVolumeState(value);
    writeStorage(storageKeys.volume, String(value));
  }, []);
  return [volume, setVolume] as const;
};
