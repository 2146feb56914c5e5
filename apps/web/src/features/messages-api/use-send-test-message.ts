import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { sendExternal } from './messages-api-client.ts';
import type { MediaTestOutput, TextTestOutput } from './messages-api-forms.ts';

type ExternalPayload = Parameters<typeof sendExternal>[1];

// 03-saas §2 /messages-api: a test form sends through the external API with the token typed in.
const useSendTest = <Values extends { token: string }>(toPayload: (values: Values) => ExternalPayload) => {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (values: Values) => sendExternal(values.token, toPayload(values)),
    onSuccess: () => toast.success(t('messagesApi.sent')),
    onError: (error) => toastError(error),
  });
};

export const useSendTextTest = () => useSendTest(({ number, body }: TextTestOutput) => ({ json: { number, body } }));

export const useSendMediaTest = () =>
  useSendTest(({ number, file }: MediaTestOutput) => {
    const body = new FormData();
    body.append('number', number);
    body.append('medias', file, file.name);
    return { form: body };
  });
