import { VOLUME } from '@atende/shared/constants';
import { VolumeOff, VolumeUp } from '@mui/icons-material';
import { Box, IconButton, Popover, Slider, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVolume } from '../../lib/use-volume.ts';

export const VolumeControl = () => {
  const { t } = useTranslation();
  const [volume, setVolume] = useVolume();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={t('shell.volume')}>
        <IconButton color="inherit" onClick={(event) => setAnchor(event.currentTarget)} aria-label={t('shell.volume')} data-testid="volume-button">
          {volume === 0 ? <VolumeOff /> : <VolumeUp />}
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        transformOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Box sx={{ width: 200, px: 3, py: 1.5 }}>
          <Slider
            value={volume}
            min={VOLUME.min}
            max={VOLUME.max}
            step={VOLUME.step}
            marks
            valueLabelDisplay="auto"
            onChange={(_, value) => setVolume(Array.isArray(value) ? (value[0] ?? VOLUME.default) : value)}
            aria-label={t('shell.volume')}
            data-testid="volume-slider"
          />
        </Box>
      </Popover>
    </>
  );
};
