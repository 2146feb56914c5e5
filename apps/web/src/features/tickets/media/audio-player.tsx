import { Button, Stack } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

const SPEEDS = [0.5, 1, 1.5, 2] as const;
const STORAGE_KEY = 'audioPlaybackRate';

const storedSpeed = () => {
  try {
    const value = Number(localStorage.getItem(STORAGE_KEY));
    return (SPEEDS as readonly number[]).includes(value) ? value : 1;
  } catch {
    return 1;
  }
};

// 01-core §4 Messages: playback speed cycles 0.5, 1, 1.5, 2 and is stored locally.
export const AudioPlayer = ({ src }: { src: string }) => {
  const ref = useRef<HTMLAudioElement>(null);
  const [speed, setSpeed] = useState(storedSpeed);
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = speed;
  }, [speed]);
  const next = () => {
    const value = SPEEDS[(SPEEDS.indexOf(speed as (typeof SPEEDS)[number]) + 1) % SPEEDS.length];
    setSpeed(value);
    try {
      localStorage.setItem(STORAGE_KEY, String(value));
    } catch {
      // not remembered
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <audio ref={ref} src={src} controls preload="metadata" style={{ maxWidth: 260 }} />
      <Button size="small" variant="outlined" onClick={next} sx={{ minWidth: 44 }} data-testid="audio-speed">
        {speed}x
      </Button>
    </Stack>
  );
};
