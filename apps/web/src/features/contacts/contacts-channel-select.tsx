import { connectionChannels, type ConnectionChannel } from '@atende/shared/connections';
import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ChannelIcon } from '../../components/channel-icon.tsx';

// The contacts page's channel filter (issue 41 point 4): every channel with its icon, or all ('').
export const ContactsChannelSelect = ({ value, onChange }: { value: ConnectionChannel | ''; onChange: (channel: ConnectionChannel | '') => void }) => {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('contacts.channel')}
      value={value}
      onChange={(event) => onChange(event.target.value as ConnectionChannel | '')}
      sx={{ minWidth: 180 }}
      data-testid="contacts-channel"
    >
      <MenuItem value="">
        <em>{t('contacts.allChannels')}</em>
      </MenuItem>
      {connectionChannels.map((channel) => (
        <MenuItem key={channel} value={channel} data-testid={`contacts-channel-option-${channel}`}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ChannelIcon channel={channel} fontSize="small" aria-hidden />
            <span>{t(`connections.channels.${channel}`)}</span>
          </Stack>
        </MenuItem>
      ))}
    </TextField>
  );
};
