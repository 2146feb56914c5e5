import { SEARCH_DEBOUNCE_MS } from '@atende/shared/constants';
import { Autocomplete, Dialog, DialogContent, DialogTitle, LinearProgress, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialogActions } from '../../../components/form-dialog-actions.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useContactSearch } from '../../contact-records/use-contact-search.ts';
import { CONTACT_SEARCH_MIN_CHARS } from '../dialogs/new-contact-option.ts';
import { useForwardMessages } from './use-forward-messages.ts';

type ContactOption = { id: number; name: string; number: string };

type ForwardDialogProps = { messageIds: readonly number[]; onClose: () => void; onDone: () => void };

// Contact search from 3 characters with the 500 ms debounce (GET /contacts?searchParam=).
export const ForwardDialog = ({ messageIds, onClose, onDone }: ForwardDialogProps) => {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const [picked, setPicked] = useState<ContactOption | null>(null);
  const { data: found, isFetching } = useContactSearch(search, CONTACT_SEARCH_MIN_CHARS);
  const options: ContactOption[] = search.length >= CONTACT_SEARCH_MIN_CHARS ? (found?.contacts ?? []) : [];

  const forward = useForwardMessages(messageIds);
  const sending = forward.isPending;

  return (
    <Dialog open onClose={sending ? undefined : onClose} maxWidth="xs" fullWidth data-testid="forward-dialog">
      <DialogTitle>{t('tickets.forward.title', { count: messageIds.length })}</DialogTitle>
      <DialogContent>
        <Autocomplete
          sx={{ mt: 1 }}
          options={picked && !options.some((option) => option.id === picked.id) ? [picked, ...options] : options}
          value={picked}
          loading={isFetching}
          filterOptions={(list) => list}
          getOptionLabel={(option) => `${option.name} - ${option.number}`}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          inputValue={input}
          onInputChange={(_, value) => setInput(value)}
          onChange={(_, value) => setPicked(value)}
          noOptionsText={input.trim().length < 3 ? t('tickets.forward.typeToSearch') : t('tickets.forward.noContacts')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('tickets.forward.contact')}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'forward-contact' } }}
            />
          )}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props} data-testid={`forward-contact-option-${option.id}`}>
              {option.name} - {option.number}
            </li>
          )}
        />
        {sending && <LinearProgress sx={{ mt: 2 }} data-testid="forward-progress" />}
      </DialogContent>
      <FormDialogActions
        onClose={onClose}
        pending={sending}
        cancelDisabled={sending}
        submitLabel={t('tickets.forward.submit')}
        submitDisabled={!picked}
        onSubmit={() => picked && forward.mutate(picked.id, { onSuccess: () => onDone() })}
        submitTestId="forward-submit"
      />
    </Dialog>
  );
};
