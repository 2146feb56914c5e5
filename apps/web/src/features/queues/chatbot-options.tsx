import { botOptionTypes, chatbotBody, type BotOptionType, type ChatbotView, type QueueView } from '@atende/shared/queues';
import { Add, DeleteOutlined, SaveOutlined } from '@mui/icons-material';
import { Button, IconButton, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PlaceholderTextField } from '../../components/placeholder-text-field.tsx';
import { useFieldError } from '../../components/field-errors.ts';
import { OptionalRecordSelect } from '../../components/optional-record-select.tsx';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { useFileListChoices } from '../file-lists/use-file-lists.ts';
import { useIntegrationChoices } from '../queue-integration/use-integration-choices.ts';
import { useRemoveChatbotOption, useSaveChatbotOption } from './use-chatbot-option.ts';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';

type Draft = {
  key: string;
  id: number | null;
  name: string;
  greetingMessage: string;
  queueType: BotOptionType;
  optFileId: number | null;
  optIntegrationId: number | null;
};

const toDraft = (option: ChatbotView): Draft => ({
  key: `saved-${option.id}`,
  id: option.id,
  name: option.name,
  greetingMessage: option.greetingMessage,
  queueType: option.queueType,
  optFileId: option.optFileId,
  optIntegrationId: option.optIntegrationId,
});

let nextKey = 0;

// 02-operations §2: the first level of the queue's chatbot options, each saved on its own. The
// rows typed but not saved are reported (issue 35 point 9), so the dialog never drops one silently.
export const ChatbotOptions = ({ queue, onUnsavedChange }: { queue: QueueView; onUnsavedChange: (unsaved: number) => void }) => {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<Draft[]>(() => queue.chatbots.filter((option) => option.parentId === null).map(toDraft));
  const [unsavedKeys, setUnsavedKeys] = useState<ReadonlySet<string>>(new Set());
  const markUnsaved = (key: string, unsaved: boolean) =>
    setUnsavedKeys((current) => {
      if (current.has(key) === unsaved) return current;
      const next = new Set(current);
      if (unsaved) next.add(key);
      else next.delete(key);
      return next;
    });
  useEffect(() => onUnsavedChange(unsavedKeys.size), [onUnsavedChange, unsavedKeys]);
  const add = () => {
    nextKey += 1;
    setDrafts((current) => [...current, { key: `new-${nextKey}`, id: null, name: '', greetingMessage: '', queueType: 'text', optFileId: null, optIntegrationId: null }]);
  };
  return (
    <Stack spacing={1.5} data-testid="queue-chatbot-options">
      {drafts.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('queues.chatbot.empty')}
        </Typography>
      )}
      {drafts.map((draft, index) => (
        <ChatbotOptionRow
          key={draft.key}
          index={index}
          queueId={queue.id}
          draft={draft}
          onSaved={(saved) => setDrafts((current) => current.map((row) => (row.key === draft.key ? { ...toDraft(saved), key: draft.key } : row)))}
          onRemoved={() => {
            markUnsaved(draft.key, false);
            setDrafts((current) => current.filter((row) => row.key !== draft.key));
          }}
          onUnsavedChange={(unsaved) => markUnsaved(draft.key, unsaved)}
        />
      ))}
      <Button startIcon={<Add />} onClick={add} sx={{ alignSelf: 'flex-start' }} data-testid="queue-chatbot-add">
        {t('queues.chatbot.add')}
      </Button>
    </Stack>
  );
};

type RowProps = {
  index: number;
  queueId: number;
  draft: Draft;
  onSaved: (saved: ChatbotView) => void;
  onRemoved: () => void;
  onUnsavedChange: (unsaved: boolean) => void;
};

type OptionValues = Pick<Draft, 'name' | 'greetingMessage' | 'queueType' | 'optFileId' | 'optIntegrationId'>;

// the shared schema judges the row's own values, which keep their looser field types
const optionResolver = rawSchemaResolver<OptionValues>(chatbotBody.pick({ name: true, greetingMessage: true, queueType: true, optFileId: true, optIntegrationId: true }));

const ChatbotOptionRow = ({ index, queueId, draft, onSaved, onRemoved, onUnsavedChange }: RowProps) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const [savedId, setSavedId] = useState(draft.id);
  const { control, handleSubmit, formState, watch, reset, setValue } = useForm<OptionValues>({
    resolver: optionResolver,
    defaultValues: {
      name: draft.name,
      greetingMessage: draft.greetingMessage,
      queueType: draft.queueType,
      optFileId: draft.optFileId,
      optIntegrationId: draft.optIntegrationId,
    },
  });
  // a file option sends the file list chosen here (02-operations §3 Chatbot option optFileId)
  const sendsFiles = watch('queueType') === 'file';
  const fileLists = useFileListChoices(sendsFiles);
  // an integration option hands the conversation to the integration chosen here (optIntegrationId)
  const withIntegrations = useSessionUser().company.plan.useIntegrations;
  const handsToIntegration = watch('queueType') === 'integration' && withIntegrations;
  const integrations = useIntegrationChoices(handsToIntegration);

  const saveOption = useSaveChatbotOption(queueId, savedId);
  const removeOption = useRemoveChatbotOption(savedId);
  const busy = saveOption.isPending || removeOption.isPending;
  // a row changed since its last save, or a new one with a name typed
  const unsaved = formState.isDirty && (savedId !== null || watch('name').trim() !== '');
  useEffect(() => onUnsavedChange(unsaved), [onUnsavedChange, unsaved]);
  const save = handleSubmit((values) =>
    saveOption.mutate(values, {
      onSuccess: (saved) => {
        onSaved(saved);
        setSavedId(saved.id);
        reset(values);
      },
    }),
  );
  const nameError = fieldError(formState.errors.name);

  return (
    <Paper variant="outlined" sx={{ p: 1.5, ...(unsaved && { borderColor: 'warning.main' }) }} data-testid="queue-chatbot-option" data-saved={savedId !== null ? 'true' : 'false'} data-unsaved={unsaved}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Typography sx={{ pt: 1, minWidth: 24 }}>{index + 1}.</Typography>
        <Controller
          control={control}
          name="name"
          render={({ field }) => (
            <TextField
              size="small"
              label={t('queues.chatbot.name')}
              {...field}
              error={nameError !== undefined}
              helperText={nameError}
              slotProps={{ htmlInput: { 'data-testid': 'queue-chatbot-name' } }}
              sx={{ flex: 1 }}
            />
          )}
        />
        <Controller
          control={control}
          name="greetingMessage"
          render={({ field: { ref, ...field } }) => (
            <Stack sx={{ flex: 2 }}>
              <PlaceholderTextField
                field={{ ...field, inputRef: ref }}
                set="ticket"
                value={field.value}
                onValueChange={(next) => setValue('greetingMessage', next, { shouldDirty: true })}
                testId="queue-chatbot-greeting"
                size="small"
                label={t('queues.chatbot.greeting')}
                slotProps={{ htmlInput: { 'data-testid': 'queue-chatbot-greeting' } }}
                multiline
              />
            </Stack>
          )}
        />
        <Controller
          control={control}
          name="queueType"
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={t('queues.chatbot.type')}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value as BotOptionType)}
              sx={{ minWidth: 140 }}
              data-testid="queue-chatbot-type"
            >
              {botOptionTypes.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`queues.chatbot.types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {sendsFiles && (
          <OptionalRecordSelect
            control={control}
            name="optFileId"
            label={t('queues.fields.fileList')}
            noneLabel={t('queues.fields.noFileList')}
            records={fileLists.data ?? []}
            testId="queue-chatbot-file-list"
          />
        )}
        {handsToIntegration && (
          <OptionalRecordSelect
            control={control}
            name="optIntegrationId"
            label={t('queues.fields.integration')}
            noneLabel={t('queues.fields.noIntegration')}
            records={integrations.data ?? []}
            testId="queue-chatbot-integration"
          />
        )}
        <Tooltip title={t('common.save')}>
          <span>
            <IconButton onClick={() => void save()} disabled={busy} aria-label={t('common.save')} data-testid="queue-chatbot-save">
              <SaveOutlined />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('common.delete')}>
          <span>
            <IconButton onClick={() => removeOption.mutate(undefined, { onSuccess: onRemoved })} disabled={busy} aria-label={t('common.delete')} data-testid="queue-chatbot-delete">
              <DeleteOutlined />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Paper>
  );
};
