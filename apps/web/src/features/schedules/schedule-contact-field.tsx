import { channelCan } from '@atende/shared/channel-capabilities';
import { Autocomplete, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { contactsApi, contactsQueryKeys } from '../contact-records/contacts-api.ts';
import { useContactSearch } from '../contact-records/use-contact-search.ts';

type ContactOption = { id: number; name: string; number: string };

const SEARCH_DEBOUNCE_MS = 500;
const SEARCH_MIN_CHARS = 1;

// The schedule's contact: searched by name or number; the chosen one read by id, so a dialog
// opened from a contact or a ticket shows its name at once.
export const ScheduleContactField = ({
  value,
  onChange,
  error,
  disabled,
}: {
  value: number | undefined;
  onChange: (contactId: number | undefined) => void;
  error?: string;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const { data: found, isFetching } = useContactSearch(search, SEARCH_MIN_CHARS);
  const { data: chosen } = useQuery({
    queryKey: contactsQueryKeys.one(value ?? 0),
    queryFn: () => contactsApi.get(value ?? 0),
    enabled: value !== undefined,
  });
  const picked: ContactOption | null = chosen && chosen.id === value ? chosen : null;
  // a web chat visitor cannot be written to unprompted (issue 41 point 4): not offered
  const options: ContactOption[] = found?.contacts.filter((contact) => channelCan(contact.channel, 'schedules')) ?? (picked ? [picked] : []);
  return (
    <Autocomplete<ContactOption>
      options={options}
      value={picked}
      loading={isFetching}
      disabled={disabled}
      filterOptions={(list) => list}
      getOptionLabel={(option) => (option.number ? `${option.name} - ${option.number}` : option.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setInput(text);
      }}
      onChange={(_, option) => onChange(option?.id)}
      noOptionsText={t('schedules.form.noContacts')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('schedules.form.contact')}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'schedule-contact' } }}
        />
      )}
    />
  );
};
