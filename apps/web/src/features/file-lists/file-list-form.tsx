import { FILE_LIST_MAX_OPTIONS, fileListBody, type FileListView } from '@atende/shared/file-lists';
import { Add, AttachFile, DeleteOutlined } from '@mui/icons-material';
import { Box, Button, Chip, DialogContent, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { useSaveFileList, type FileListFormValues, type FileListOptionValues } from './use-file-lists.ts';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';

type OptionValues = FileListOptionValues;
type FormValues = FileListFormValues;

const resolver = rawSchemaResolver<FormValues>(fileListBody);
const emptyOption = (): OptionValues => ({ name: '', path: null, file: null });
const storedName = (path: string | null) => path?.split('/').at(-1) ?? null;

// 02-operations §2 File lists modal: name, message and a repeatable list of options, each a name
// and a file; §5: name of at least 3 characters, message required.
export const FileListForm = ({ record, onClose }: { record: FileListView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<FormValues>({
    defaultValues: {
      name: record?.name ?? '',
      message: record?.message ?? '',
      options: record?.options.map((option) => ({ id: option.id, name: option.name, path: option.path, file: null })) ?? [],
    },
    resolver,
  });
  const { errors } = form.formState;
  const options = useFieldArray({ control: form.control, name: 'options' });

  const save = useSaveFileList(record);
  const text = (name: 'name' | 'message') => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': `file-list-${name}` } } };
  };

  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: showSaveError(form.setError) }))} data-testid="file-list-form">
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField {...text('name')} label={t('fileLists.fields.name')} fullWidth autoFocus />
          <TextField {...text('message')} label={t('fileLists.fields.message')} fullWidth multiline minRows={2} />
          <Typography variant="subtitle2">{t('fileLists.fields.options')}</Typography>
          {options.fields.map((field, index) => {
            const chosen = form.watch(`options.${index}.file`);
            const fileName = chosen?.name ?? storedName(form.watch(`options.${index}.path`));
            const { ref, ...name } = form.register(`options.${index}.name`);
            return (
              <Stack key={field.id} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }} data-testid="file-list-option">
                <TextField
                  {...name}
                  inputRef={ref}
                  size="small"
                  label={t('fileLists.fields.optionName')}
                  error={Boolean(errors.options?.[index]?.name)}
                  helperText={fieldError(errors.options?.[index]?.name)}
                  slotProps={{ htmlInput: { 'data-testid': 'file-list-option-name' } }}
                  sx={{ flex: 1 }}
                />
                <Button component="label" variant="outlined" size="small" startIcon={<AttachFile />}>
                  {t('fileLists.chooseFile')}
                  <input
                    type="file"
                    hidden
                    data-testid="file-list-option-file"
                    onChange={(event) => {
                      form.setValue(`options.${index}.file`, event.target.files?.[0] ?? null, { shouldDirty: true });
                      event.target.value = '';
                    }}
                  />
                </Button>
                {fileName ? <Chip size="small" label={fileName} data-testid="file-list-option-file-name" /> : <Typography variant="caption" color="text.secondary">{t('fileLists.noFile')}</Typography>}
                <Tooltip title={t('common.delete')}>
                  <IconButton onClick={() => options.remove(index)} aria-label={t('common.delete')} data-testid="file-list-option-remove">
                    <DeleteOutlined />
                  </IconButton>
                </Tooltip>
              </Stack>
            );
          })}
          <Button
            startIcon={<Add />}
            onClick={() => options.append(emptyOption())}
            disabled={options.fields.length >= FILE_LIST_MAX_OPTIONS}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="file-list-option-add"
          >
            {t('fileLists.addOption')}
          </Button>
        </Stack>
      </DialogContent>
      <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="file-list-save" />
    </Box>
  );
};
