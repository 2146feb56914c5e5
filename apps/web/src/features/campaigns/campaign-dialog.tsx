import { zodResolver } from '@hookform/resolvers/zod';
import { campaignCreateBody, isCampaignEditable, type CampaignView } from '@atende/shared/campaigns';
import { AttachFile, Delete } from '@mui/icons-material';
import { Box, Button, Dialog, DialogContent, DialogTitle, FormControlLabel, Grid, IconButton, Stack, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { PlaceholderTextField } from '../../components/placeholder-text-field.tsx';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { OpenTicketFields } from '../../components/open-ticket-fields.tsx';
import { OptionalRecordSelect } from '../../components/optional-record-select.tsx';
import { useCapableConnectionOptions } from '../connections/use-connections.ts';
import { useContactListOptions } from '../contact-lists/use-contact-lists.ts';
import { useQueueOptions } from '../queues/use-queues.ts';
import { useTagsList } from '../tags/use-tags.ts';
import { useUsersList } from '../users/use-users.ts';
import { confirmationFields, messageFields, toCampaignFormValues, type CampaignFormValues } from './campaign-form-values.ts';
import { useCampaignVariableKeys, useRemoveCampaignMedia, useSaveCampaign } from './use-campaigns.ts';

const resolver = zodResolver(campaignCreateBody, undefined, { raw: true });
type IdField = 'whatsappId' | 'contactListId' | 'tagListId';

// 02-operations §3 Campaign, §4 editability, §5: the add and edit dialog. Read-only unless the
// campaign is INATIVA, CANCELADA or PROGRAMADA more than an hour ahead.
export const CampaignDialog = ({ campaign, onClose }: { campaign: CampaignView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const connections = useCapableConnectionOptions('campaigns');
  const { data: contactLists = [] } = useContactListOptions();
  const { data: tags = [] } = useTagsList();
  const { data: users = [] } = useUsersList();
  const { data: queues = [] } = useQueueOptions();
  const { data: variableKeys = [] } = useCampaignVariableKeys();
  const [file, setFile] = useState<File | null>(null);
  const [mediaName, setMediaName] = useState(campaign?.mediaName ?? null);
  const form = useForm<CampaignFormValues, unknown, CampaignFormValues>({ defaultValues: toCampaignFormValues(campaign), resolver });
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const readOnly = campaign !== null && !isCampaignEditable(campaign, new Date());

  const save = useSaveCampaign(campaign, file);
  const removeMedia = useRemoveCampaignMedia();
  const confirmation = watch('confirmation');

  const select = (name: IdField, label: string, records: { id: number; name: string }[]) => (
    <OptionalRecordSelect control={control} name={name} label={label} noneLabel={t('campaigns.form.none')} records={records} testId={`campaign-${name}`} />
  );
  const textArea = (name: (typeof messageFields)[number] | (typeof confirmationFields)[number], label: string) => {
    const { ref, ...field } = register(name);
    return (
      <Grid size={{ xs: 12, sm: 6 }} key={name}>
        <PlaceholderTextField
          field={{ ...field, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': `campaign-${name}` } } }}
          set="campaign"
          custom={variableKeys}
          value={watch(name) ?? ''}
          onValueChange={(next) => form.setValue(name, next, { shouldDirty: true })}
          testId={`campaign-${name}`}
          label={label}
          fullWidth
          multiline
          minRows={2}
          size="small"
        />
      </Grid>
    );
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="campaign-dialog">
      <DialogTitle>{readOnly ? t('campaigns.viewTitle') : campaign ? t('campaigns.editTitle') : t('campaigns.addTitle')}</DialogTitle>
      <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: showSaveError(form.setError) }))}>
        <DialogContent dividers>
          <Box component="fieldset" disabled={readOnly} sx={{ border: 0, p: 0, m: 0 }}>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  {...register('name')}
                  label={t('campaigns.fields.name')}
                  fullWidth
                  size="small"
                  autoFocus
                  error={Boolean(errors.name)}
                  helperText={fieldError(errors.name)}
                  slotProps={{ htmlInput: { 'data-testid': 'campaign-name' } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  {...register('scheduledAt')}
                  type="datetime-local"
                  label={t('campaigns.fields.scheduledAt')}
                  fullWidth
                  size="small"
                  error={Boolean(errors.scheduledAt)}
                  helperText={fieldError(errors.scheduledAt) ?? t('campaigns.form.scheduledAtHint')}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'campaign-scheduled-at' } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>{select('whatsappId', t('campaigns.fields.whatsapp'), connections)}</Grid>
              <Grid size={{ xs: 12, sm: 4 }}>{select('contactListId', t('campaigns.fields.contactList'), contactLists)}</Grid>
              <Grid size={{ xs: 12, sm: 4 }}>{select('tagListId', t('campaigns.fields.tag'), tags)}</Grid>
              <OpenTicketFields
                control={control}
                names={{ openTicket: 'openTicket', user: 'userId', queue: 'queueId', statusTicket: 'statusTicket' }}
                labels={{
                  openTicket: t('campaigns.fields.openTicket'),
                  user: t('campaigns.fields.user'),
                  queue: t('campaigns.fields.queue'),
                  statusTicket: t('campaigns.fields.statusTicket'),
                  statusClosed: t('campaigns.form.statusClosed'),
                  statusOpen: t('campaigns.form.statusOpen'),
                  none: t('campaigns.form.none'),
                }}
                testIds={{ user: 'campaign-userId', queue: 'campaign-queueId' }}
                users={users}
                queues={queues}
                columns={3}
              />
              <Grid size={12}>
                <Controller
                  control={control}
                  name="confirmation"
                  render={({ field }) => (
                    <FormControlLabel
                      control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} slotProps={{ input: { 'data-testid': 'campaign-confirmation' } as object }} />}
                      label={t('campaigns.fields.confirmation')}
                    />
                  )}
                />
                <Typography variant="body2" color="text.secondary">
                  {t('campaigns.form.placeholders')}
                </Typography>
              </Grid>
              {messageFields.map((name, index) => textArea(name, t('campaigns.fields.message', { number: index + 1 })))}
              {confirmation && confirmationFields.map((name, index) => textArea(name, t('campaigns.fields.confirmationMessage', { number: index + 1 })))}
              <Grid size={12}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Button component="label" variant="outlined" size="small" startIcon={<AttachFile />} disabled={readOnly}>
                    {t('campaigns.form.attach')}
                    <input hidden type="file" data-testid="campaign-file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
                  </Button>
                  <Typography variant="body2" data-testid="campaign-media-name">
                    {file?.name ?? mediaName ?? ''}
                  </Typography>
                  {campaign && mediaName && !file && !readOnly && (
                    <IconButton size="small" aria-label={t('campaigns.form.removeAttachment')} onClick={() => removeMedia.mutate(campaign.id, { onSuccess: () => setMediaName(null) })}>
                      <Delete fontSize="small" />
                    </IconButton>
                  )}
                </Stack>
              </Grid>
            </Grid>
          </Box>
        </DialogContent>
        <FormDialogActions onClose={onClose} pending={save.isPending} readOnly={readOnly} adding={!campaign} submitTestId="campaign-save" />
      </Box>
    </Dialog>
  );
};
