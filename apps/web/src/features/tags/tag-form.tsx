import { zodResolver } from '@hookform/resolvers/zod';
import { tagCreateBody, type TagCreateBody, type TagRecordView } from '@atende/shared/tags';
import { Box, DialogContent, FormControlLabel, Grid, Stack, Switch, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ColorSwatchInput } from '../../components/color-swatch-input.tsx';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { OptionalRecordSelect } from '../../components/optional-record-select.tsx';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { useUsersList } from '../users/use-users.ts';
import { useKanbanLanes, useSaveTag } from './use-tags.ts';

type TagFormValues = z.input<typeof tagCreateBody>;

const toFormValues = (tag: TagRecordView | null, kanban: 0 | 1): TagFormValues => ({
  name: tag?.name ?? '',
  color: tag?.color ?? '#5C59A0',
  kanban: (tag?.kanban ?? kanban) === 1 ? 1 : 0,
  timeLane: tag?.timeLane ?? 0,
  nextLaneId: tag?.nextLaneId ?? null,
  rollbackLaneId: tag?.rollbackLaneId ?? null,
  greetingMessageLane: tag?.greetingMessageLane ?? '',
  userId: tag?.userId ?? null,
});

type TagFormProps = { tag: TagRecordView | null; kanban: 0 | 1; onClose: () => void };

// The tag dialog (02-operations §2, §3 Tag / lane): a kanban tag also takes its lane automation.
export const TagForm = ({ tag, kanban, onClose }: TagFormProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { data: lanes = [] } = useKanbanLanes();
  const { data: users = [] } = useUsersList();
  // a plan without kanban makes no lanes (the server refuses them); a lane made before may still become a plain tag
  const kanbanAllowed = useSessionUser().company.plan.useKanban;
  const form = useForm<TagFormValues, unknown, TagCreateBody>({ defaultValues: toFormValues(tag, kanban), resolver: zodResolver(tagCreateBody) });
  const { register, control, watch, formState } = form;
  const { errors } = formState;
  const save = useSaveTag(tag);
  const text = (name: 'name' | 'color' | 'greetingMessageLane', testId: string) => {
    const { ref, ...rest } = register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': testId } } };
  };
  const color = watch('color');
  const isLane = watch('kanban') === 1;
  const otherLanes = lanes.filter((lane) => lane.id !== tag?.id);

  const recordSelect = (name: 'nextLaneId' | 'rollbackLaneId' | 'userId', records: { id: number; name: string }[]) => (
    <OptionalRecordSelect control={control} name={name} label={t(`tags.fields.${name}`)} noneLabel={t('tags.none')} records={records} testId={`tag-${name}`} size="medium" />
  );

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: showSaveError(form.setError) }))} data-testid="tag-form">
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...text('name', 'tag-name')} label={t('tags.fields.name')} fullWidth autoFocus />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField {...text('color', 'tag-color')} label={t('tags.fields.color')} fullWidth />
              <ColorSwatchInput value={color ?? ''} label={t('tags.fields.color')} onChange={(picked) => form.setValue('color', picked, { shouldDirty: true })} />
            </Stack>
          </Grid>
          {(kanbanAllowed || tag?.kanban === 1) && (
            <Grid size={12}>
              <Controller
                control={control}
                name="kanban"
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={field.value === 1} onChange={(event) => field.onChange(event.target.checked ? 1 : 0)} data-testid="tag-kanban" />}
                    label={t('tags.fields.kanban')}
                  />
                )}
              />
            </Grid>
          )}
          {isLane && (
            <>
              <Grid size={{ xs: 12, sm: 4 }}>
                <Controller
                  control={control}
                  name="timeLane"
                  render={({ field }) => (
                    <TextField
                      type="number"
                      fullWidth
                      label={t('tags.fields.timeLane')}
                      value={field.value}
                      onChange={(event) => field.onChange(event.target.value === '' ? 0 : Number(event.target.value))}
                      error={Boolean(errors.timeLane)}
                      helperText={fieldError(errors.timeLane)}
                      slotProps={{ htmlInput: { min: 0, 'data-testid': 'tag-timeLane' } }}
                    />
                  )}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>{recordSelect('nextLaneId', otherLanes)}</Grid>
              <Grid size={{ xs: 12, sm: 4 }}>{recordSelect('rollbackLaneId', otherLanes)}</Grid>
              <Grid size={12}>
                <TextField {...text('greetingMessageLane', 'tag-greetingMessageLane')} label={t('tags.fields.greetingMessageLane')} fullWidth multiline minRows={2} />
              </Grid>
              <Grid size={12}>{recordSelect('userId', users)}</Grid>
            </>
          )}
        </Grid>
      </DialogContent>
      <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="tag-save" />
    </Box>
  );
};
