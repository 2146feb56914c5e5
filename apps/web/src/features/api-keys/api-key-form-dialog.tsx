import { zodResolver } from '@hookform/resolvers/zod';
import { apiKeyAreas, apiKeyCreateBody, type ApiKeyArea, type ApiKeyCreateBody, type CreatedApiKeyView } from '@atende/shared/api-keys';
import { Dialog, DialogContent, DialogTitle, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { useCreateApiKey } from './use-api-keys.ts';

type Access = 'none' | 'read' | 'write';
const accesses: Access[] = ['none', 'read', 'write'];

// The scopes are a list (`tickets:read`); the form shows one choice per area.
const accessOf = (scopes: readonly string[], area: ApiKeyArea): Access =>
  scopes.includes(`${area}:write`) ? 'write' : scopes.includes(`${area}:read`) ? 'read' : 'none';
const withAccess = (scopes: ApiKeyCreateBody['scopes'], area: ApiKeyArea, access: Access): ApiKeyCreateBody['scopes'] => [
  ...scopes.filter((scope) => !scope.startsWith(`${area}:`)),
  ...(access === 'none' ? [] : [`${area}:${access}` as const]),
];

// A day picked for the expiry is valid through its end, in UTC.
const endOfDay = (day: string) => (day ? `${day}T23:59:59.000Z` : null);

type ApiKeyFormDialogProps = { onClose: () => void; onCreated: (created: CreatedApiKeyView) => void };

// Issue 37 point 2: a new key's name, its scopes (read or write per area) and an optional expiry.
export const ApiKeyFormDialog = ({ onClose, onCreated }: ApiKeyFormDialogProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<ApiKeyCreateBody>({ defaultValues: { name: '', scopes: [], expiresAt: null }, resolver: zodResolver(apiKeyCreateBody) });
  const { errors } = form.formState;
  const create = useCreateApiKey();
  const { ref, ...name } = form.register('name');

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="api-key-form-dialog">
      <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values, { onSuccess: onCreated, onError: showSaveError(form.setError) }))}>
        <DialogTitle>{t('apiKeys.form.title')}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              {...name}
              inputRef={ref}
              label={t('apiKeys.fields.name')}
              error={Boolean(errors.name)}
              helperText={fieldError(errors.name)}
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { 'data-testid': 'api-key-name' } }}
            />
            <Controller
              control={form.control}
              name="scopes"
              render={({ field: scopes }) => (
                <Stack spacing={1}>
                  <FormLabel>{t('apiKeys.fields.scopes')}</FormLabel>
                  {apiKeyAreas.map((area) => (
                    <Stack key={area} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                      <FormLabel sx={{ minWidth: 160 }}>{t(`apiKeys.areas.${area}`)}</FormLabel>
                      <RadioGroup row value={accessOf(scopes.value, area)} onChange={(_change, access) => scopes.onChange(withAccess(scopes.value, area, accesses.find((known) => known === access) ?? 'none'))}>
                        {accesses.map((access) => (
                          <FormControlLabel
                            key={access}
                            value={access}
                            label={t(`apiKeys.access.${access}`)}
                            control={<Radio size="small" slotProps={{ input: { 'data-testid': `api-key-scope-${area}-${access}` } as object }} />}
                          />
                        ))}
                      </RadioGroup>
                    </Stack>
                  ))}
                  {errors.scopes && <FormHelperText error>{fieldError(errors.scopes)}</FormHelperText>}
                </Stack>
              )}
            />
            <Controller
              control={form.control}
              name="expiresAt"
              render={({ field: expiresAt }) => (
                <TextField
                  type="date"
                  label={t('apiKeys.fields.expiresAt')}
                  value={expiresAt.value?.slice(0, 10) ?? ''}
                  onChange={(change) => expiresAt.onChange(endOfDay(change.target.value))}
                  error={Boolean(errors.expiresAt)}
                  helperText={errors.expiresAt ? fieldError(errors.expiresAt) : t('apiKeys.fields.expiresAtHelp')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'api-key-expires' } }}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={create.isPending} submitTestId="api-key-save" adding />
      </form>
    </Dialog>
  );
};
