import { Close, Forward } from '@mui/icons-material';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { ForwardDialog } from './forward-dialog.tsx';

type ForwardBarProps = { selected: readonly number[]; onCancel: () => void };

// Select mode (01-core §4): forwarding with no selected message is an error and sends nothing.
export const ForwardBar = ({ selected, onCancel }: ForwardBarProps) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const forward = () => {
    if (selected.length === 0) {
      toast.error(t('tickets.forward.noneSelected'));
      return;
    }
    setOpen(true);
  };
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1, bgcolor: 'background.paper' }} data-testid="forward-bar">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton onClick={onCancel} data-testid="select-cancel" aria-label={t('common.cancel')}>
          <Close />
        </IconButton>
        <Typography sx={{ flex: 1 }} data-testid="select-count">
          {t('tickets.forward.selected', { count: selected.length })}
        </Typography>
        <Button variant="contained" startIcon={<Forward />} onClick={forward} data-testid="forward-selected">
          {t('tickets.forward.action')}
        </Button>
      </Stack>
      {open && (
        <ForwardDialog
          messageIds={selected}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onCancel();
          }}
        />
      )}
    </Box>
  );
};
