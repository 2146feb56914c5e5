import { placeholderSets, unknownPlaceholders, type PlaceholderSet } from '@atende/shared/placeholders';
import { Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

export type TextInput = HTMLInputElement | HTMLTextAreaElement;

// Under a text the product sends on a company's behalf (issue 35 point 1): the placeholders its
// kind is rendered with, each clickable to insert at the cursor, and the ones typed that it does
// not fill (left as typed when sent).
export const PlaceholderHelp = ({
  set,
  custom = [],
  value,
  onChange,
  input,
  testId,
}: {
  set: PlaceholderSet;
  // the company's own variables the text is also rendered with (a campaign's, from its settings)
  custom?: readonly string[];
  value: string;
  onChange: (next: string) => void;
  // the field's input, read for the cursor position
  input: { current: TextInput | null };
  testId: string;
}) => {
  const { t } = useTranslation();
  const builtIn: readonly string[] = placeholderSets[set];
  const accepted = [...builtIn, ...custom.filter((key) => !builtIn.includes(key))];
  const unknown = unknownPlaceholders(value, accepted);
  // a company's variable of a built-in's name wins when sent (campaigns render them first)
  const describe = (key: string) => (custom.includes(key) ? t('placeholders.custom', { key }) : t(`placeholders.keys.${key}`));
  const insert = (key: string) => {
    const token = `{{${key}}}`;
    const field = input.current;
    const start = field?.selectionStart ?? value.length;
    const end = field?.selectionEnd ?? value.length;
    onChange(`${value.slice(0, start)}${token}${value.slice(end)}`);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <Stack spacing={0.5} sx={{ mt: 0.5 }} data-testid={testId}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
        <Typography variant="caption" color="text.secondary">
          {t('placeholders.accepted')}
        </Typography>
        {accepted.map((key) => (
          <Chip
            key={key}
            size="small"
            variant="outlined"
            label={`{{${key}}}`}
            title={describe(key)}
            aria-label={t('placeholders.insert', { name: describe(key) })}
            // keeps the focus (and the cursor) in the field: a field that saves on blur saves once, with the placeholder in
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => insert(key)}
            data-testid={`${testId}-insert-${key}`}
          />
        ))}
      </Stack>
      {unknown.length > 0 && (
        <Typography variant="caption" color="error" role="status" data-testid={`${testId}-unknown`}>
          {t('placeholders.unknown', { list: unknown.map((key) => `{{${key}}}`).join(' ') })}
        </Typography>
      )}
    </Stack>
  );
};

