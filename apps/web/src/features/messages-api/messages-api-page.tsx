import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { RequirePlanFlag } from '../../lib/session/require-plan-flag.tsx';
import { EXTERNAL_SEND_PATH } from './messages-api-client.ts';
import { MediaTestForm } from './media-test-form.tsx';
import { TextTestForm } from './text-test-form.tsx';

// 03-saas §2 External messages API page: how to call the send endpoint, and forms to try it.
export const MessagesApiPage = () => {
  const { t } = useTranslation();
  return (
    <RequirePlanFlag flag="useExternalApi" message={t('messagesApi.noPermission')}>
      <MessagesApi />
    </RequirePlanFlag>
  );
};

const MessagesApi = () => {
  const { t } = useTranslation();
  const endpoint = `${window.location.origin}${EXTERNAL_SEND_PATH}`;
  return (
    <Stack spacing={2} sx={{ overflow: 'auto', pb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('messagesApi.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6">{t('messagesApi.docs.title')}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>{t('messagesApi.docs.intro')}</Typography>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>{t('messagesApi.docs.text')}</Typography>
        <Box component="pre" sx={{ p: 1, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', fontSize: 13 }} data-testid="messages-api-text-example">
          {`POST ${endpoint}\nAuthorization: Bearer <token>\nContent-Type: application/json\n\n{ "number": "5511999999999", "body": "…", "userId": 1, "queueId": 1, "sendSignature": false, "closeTicket": false }`}
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>{t('messagesApi.docs.media')}</Typography>
        <Box component="pre" sx={{ p: 1, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', fontSize: 13 }}>
          {`POST ${endpoint}\nAuthorization: Bearer <token>\nContent-Type: multipart/form-data\n\nnumber=5511999999999\nbody=<caption>\nmedias=@file`}
        </Box>
        <Alert severity="info" sx={{ mt: 2 }}>{t('messagesApi.docs.numberRule')}</Alert>
      </Paper>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextTestForm />
        <MediaTestForm />
      </Stack>
    </Stack>
  );
};
