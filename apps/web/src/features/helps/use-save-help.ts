import type { HelpSaved, HelpView } from '@atende/shared/helps';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../lib/use-save-mutation.ts';
import { helpsApi, helpsQueryKeys } from './helps-api.ts';

export const useSaveHelp = (help: HelpView | null) => {
  const { t } = useTranslation();
  return useSaveMutation({
    save: (values: HelpSaved) => (help ? helpsApi.update(help.id, values) : helpsApi.create(values)),
    store: (queryClient) => queryClient.invalidateQueries({ queryKey: helpsQueryKeys.list }),
    savedToast: t('helps.toasts.saved'),
  });
};
