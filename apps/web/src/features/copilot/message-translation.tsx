import { Button, CircularProgress, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { offersTranslation } from '@atende/shared/language-guess';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { currentLanguage } from '../../lib/language.ts';
import { copilotApi } from './copilot-api.ts';
import { useCopilotAllowed } from './use-copilot.ts';

// "Translate" under a customer's message (issue 42 point 4): offered when the message seems to be
// in another language than the attendant's interface (or the guess is unsure); the translation
// into that language appears under the original, which stays as it was.
export const MessageTranslation = ({ messageId, body }: { messageId: number; body: string }) => {
  const { t } = useTranslation();
  const allowed = useCopilotAllowed();
  const language = currentLanguage();
  const translate = useMutation({ mutationFn: () => copilotApi.translate(messageId, language) });
  if (!allowed || !offersTranslation(body, language)) return null;
  if (translate.data) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, fontStyle: 'italic', whiteSpace: 'pre-wrap' }} data-testid="message-translation">
        {translate.data.text}
      </Typography>
    );
  }
  return (
    <>
      <Button size="small" variant="text" sx={{ p: 0, minWidth: 0, textTransform: 'none' }} disabled={translate.isPending} onClick={() => translate.mutate()} data-testid="message-translate">
        {translate.isPending ? <CircularProgress size={12} /> : t('copilot.translate')}
      </Button>
      {translate.error && (
        <Typography variant="caption" color="error" sx={{ display: 'block' }}>
          {errorMessage(translate.error)}
        </Typography>
      )}
    </>
  );
};
