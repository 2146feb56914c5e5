import { zodResolver } from '@hookform/resolvers/zod';
import { telegramConnectionBody } from '@atende/shared/telegram';
import { TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ConnectDialog } from './connect-dialog.tsx';
import { useConnectDialogForm } from './use-connect-dialog-form.ts';
import { useConnectTelegram, type TelegramConnectionValues } from './use-telegram-connect.ts';

const resolver = zodResolver(telegramConnectionBody, undefined, { raw: true });
const emptyValues: TelegramConnectionValues = { name: '', botToken: '' };

// Connects a Telegram bot by the token BotFather gave (issue 41 point 3); docs/telegram.md.
export const TelegramConnectDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const { text, failure, close, submit, pending } = useConnectDialogForm({ emptyValues, resolver, connect: useConnectTelegram(), testIdPrefix: 'telegram', onClose });

  return (
    <ConnectDialog
      open={open}
      title={t('connections.telegram.title')}
      submitLabel={t('connections.telegram.connect')}
      failure={failure}
      busy={pending}
      testIdPrefix="telegram"
      onClose={close}
      onSubmit={submit}
    >
      <Typography variant="body2" color="text.secondary">
        {t('connections.telegram.hint')}
      </Typography>
      <TextField {...text('name')} label={t('connections.fields.name')} fullWidth autoFocus />
      <TextField {...text('botToken')} label={t('connections.telegram.botToken')} fullWidth type="password" />
    </ConnectDialog>
  );
};
