import { FORM_SUBMIT_DELAY_MS } from '@atende/shared/constants';
import { contactCreateBody, contactUpdateBody, type ContactView } from '@atende/shared/contacts';
import type { TagView } from '@atende/shared/tags';
import { zodResolver } from '@hookform/resolvers/zod';
import { Add, Delete } from '@mui/icons-material';
import { Box, Button, Checkbox, CircularProgress, Dialog, DialogContent, DialogTitle, FormControlLabel, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { useCompanySettings } from '../settings/use-company-settings.ts';
import { formatClock, formatDate } from '../../lib/format.ts';
import { useUsersList } from '../users/use-users.ts';
import type { ContactSaveInput } from './contacts-api.ts';
import { useContact } from './use-contact.ts';
import { TagBox } from './tag-box.tsx';
import { useSaveContact } from './use-save-contact.ts';

// raw: the form keeps its values as typed (the server normalises them); the shared schemas only
// judge them. The form always holds a name and a number, so the update's schema judges them as
// required, and both schemas then take the same input: the form's values.
type ContactFormValues = ContactSaveInput;
const createResolver = zodResolver(contactCreateBody, undefined, { raw: true });
const updateResolver = zodResolver(contactUpdateBody.required({ name: true, number: true }), undefined, { raw: true });

const delay = (ms: number) => new Promise((done) => setTimeout(done, ms));

type ContactDraft = Partial<Pick<ContactFormValues, 'name' | 'number'>>;

type ContactFormProps = { contact: ContactView | null; draft?: ContactDraft; onClose: () => void; onSaved?: (contact: ContactView) => void };

const ContactForm = ({ contact, draft, onClose, onSaved }: ContactFormProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [tags, setTags] = useState<TagView[]>(contact?.tags ?? []);
  const form = useForm<ContactFormValues>({
    defaultValues: {
      name: contact?.name ?? draft?.name ?? '',
      number: contact?.number ?? draft?.number ?? '',
      email: contact?.email ?? '',
      disableBot: contact?.disableBot ?? false,
      walletUserId: contact?.walletUserId ?? null,
      extraInfo: contact?.extraInfo.map(({ id, name, value }) => ({ id, name, value })) ?? [],
    },
    resolver: contact ? updateResolver : createResolver,
  });
  const extra = useFieldArray({ control: form.control, name: 'extraInfo' });
  // the contact's own attendant matters only while new tickets go to wallets (03-saas §3)
  const { data: settings } = useCompanySettings();
  const walletsOn = settings?.DirectTicketsToWallets === 'enabled';
  const { data: users = [] } = useUsersList(walletsOn);
  const { errors, isSubmitting } = form.formState;
  const save = useSaveContact(contact);

  const submit = form.handleSubmit(async (values) => {
    // 01-core §9: the contact modal submits after 400 ms
    await delay(FORM_SUBMIT_DELAY_MS);
    try {
      const saved = await save.mutateAsync({ body: { ...values, email: values.email?.trim(), extraInfo: values.extraInfo }, tags });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      setServerFieldErrors(form.setError, error);
      toastError(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="contact-form">
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="subtitle2" color="primary">{t('contacts.modal.mainInfo')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField fullWidth label={t('contacts.fields.name')} {...form.register('name')} error={Boolean(errors.name)} helperText={fieldError(errors.name) ?? ' '} slotProps={{ htmlInput: { 'data-testid': 'contact-name' } }} />
            <TextField fullWidth label={t('contacts.fields.number')} placeholder="5513912344321" {...form.register('number')} error={Boolean(errors.number)} helperText={fieldError(errors.number) ?? ' '} slotProps={{ htmlInput: { 'data-testid': 'contact-number' } }} />
          </Stack>
          <TextField fullWidth label={t('contacts.fields.email')} placeholder="email@example.com" {...form.register('email')} error={Boolean(errors.email)} helperText={fieldError(errors.email) ?? ' '} slotProps={{ htmlInput: { 'data-testid': 'contact-email' } }} />
          <TagBox value={tags} onChange={setTags} />
          <Controller
            control={form.control}
            name="disableBot"
            render={({ field }) => (
              <FormControlLabel control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />} label={t('contacts.fields.disableBot')} />
            )}
          />
          {walletsOn && (
            <Controller
              control={form.control}
              name="walletUserId"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  label={t('contacts.fields.wallet')}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                  slotProps={{ htmlInput: { 'data-testid': 'contact-wallet' } }}
                >
                  <MenuItem value="">{t('contacts.fields.noWallet')}</MenuItem>
                  {users.map((user) => (
                    <MenuItem key={user.id} value={user.id}>{user.name}</MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          {contact?.whatsapp && (
            <Typography variant="body2" color="text.secondary">
              {t('contacts.fields.connection')}: {contact.whatsapp.name}
            </Typography>
          )}
          {contact?.lgpdAcceptedAt && (
            <Typography variant="body2" color="text.secondary">
              {t('contacts.fields.lgpdAcceptedAt')}: {formatDate(new Date(contact.lgpdAcceptedAt))} {formatClock(new Date(contact.lgpdAcceptedAt))}
            </Typography>
          )}
          <Typography variant="subtitle2" color="primary">{t('contacts.modal.extraInfo')}</Typography>
          {extra.fields.map((field, index) => (
            <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField size="small" fullWidth label={t('contacts.fields.extraName')} {...form.register(`extraInfo.${index}.name`)} error={Boolean(errors.extraInfo?.[index]?.name)} helperText={fieldError(errors.extraInfo?.[index]?.name) ?? ' '} />
              <TextField size="small" fullWidth label={t('contacts.fields.extraValue')} {...form.register(`extraInfo.${index}.value`)} />
              <IconButton onClick={() => extra.remove(index)} aria-label={t('common.delete')}>
                <Delete />
              </IconButton>
            </Stack>
          ))}
          <Box>
            <Button startIcon={<Add />} onClick={() => extra.append({ name: '', value: '' })} data-testid="contact-extra-add">
              {t('contacts.modal.addExtra')}
            </Button>
          </Box>
        </Stack>
      </DialogContent>
      <FormDialogActions spacious onClose={onClose} pending={isSubmitting} adding={!contact} submitTestId="contact-save" cancelTestId="contact-cancel" />
    </Box>
  );
};

// draft: values a new contact starts with (a name typed in the new-ticket search)
type ContactModalProps = { open: boolean; contactId: number | null; draft?: ContactDraft; onClose: () => void; onSaved?: (contact: ContactView) => void };

// 01-core §2 Contact modal: main info, tags, bot-disabled, connection, LGPD date, extra info.
export const ContactModal = ({ open, contactId, draft, onClose, onSaved }: ContactModalProps) => {
  const { t } = useTranslation();
  const { data: contact, isPending } = useContact(contactId, open);
  const editing = contactId !== null;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" data-testid="contact-modal">
      <DialogTitle>{editing ? t('contacts.modal.editTitle') : t('contacts.modal.addTitle')}</DialogTitle>
      {editing && (isPending || !contact) ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <ContactForm key={contact?.id ?? 'new'} contact={editing && contact ? contact : null} draft={draft} onClose={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
};
