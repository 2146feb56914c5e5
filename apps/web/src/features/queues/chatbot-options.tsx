import { botOptionTypes, chatbotBody, type BotOptionType, type ChatbotView, type QueueView } from '@atende/shared/queues';
import { Add, DeleteOutlined, SaveOutlined } from '@mui/icons-material';
import { Button, IconButton, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { queuesApi, queuesQueryKeys } from './queues-api.ts';

type Draft = { key: string; id: number | null; name: string; greetingMessage: string; queueType: BotOptionType };

const toDraft = (option: ChatbotView): Draft => ({
  key: `saved-${option.id}`,
  id: option.id,
  name: option.name,
  greetingMessage: option.greetingMessage,
  queueType: option.queueType,
});

let nextKey = 0;

// 02-operations §2: the first level of the queue's chatbot options, each saved on its own.
export const ChatbotOptions = ({ queue }: { queue: QueueView }) => {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<Draft[]>(() => queue.chatbots.filter((option) => option.parentId === null).map(toDraft));
  const add = () => {
    nextKey += 1;
    setDrafts((current) => [...current, { key: `new-${nextKey}`, id: null, name: '', greetingMessage: '', queueType: 'text' }]);
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
          onRemoved={() => setDrafts((current) => current.filter((row) => row.key !== draft.key))}
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
};

const ChatbotOptionRow = ({ index, queueId, draft, onSaved, onRemoved }: RowProps) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(draft);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const check = chatbotBody.shape.name.safeParse(values.name);
    if (!check.success) {
      const message = check.error.issues[0]?.message ?? 'validation.tooShort';
      setNameError(i18n.exists(message) ? t(message) : message);
      return;
    }
    setNameError(null);
    setBusy(true);
    try {
      const body = { name: values.name.trim(), greetingMessage: values.greetingMessage, queueType: values.queueType };
      const saved = values.id === null ? await queuesApi.createOption({ ...body, queueId }) : await queuesApi.updateOption(values.id, body);
      onSaved(saved);
      setValues((current) => ({ ...current, id: saved.id }));
      void queryClient.invalidateQueries({ queryKey: queuesQueryKeys.list });
      toast.success(t('queues.chatbot.saved'));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (values.id === null) {
      onRemoved();
      return;
    }
    setBusy(true);
    try {
      await queuesApi.removeOption(values.id);
      void queryClient.invalidateQueries({ queryKey: queuesQueryKeys.list });
      onRemoved();
    } catch (error) {
      toastError(error);
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="queue-chatbot-option" data-saved={values.id !== null ? 'true' : 'false'}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Typography sx={{ pt: 1, minWidth: 24 }}>{index + 1}.</Typography>
        <TextField
          size="small"
          label={t('queues.chatbot.name')}
          value={values.name}
          onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))}
          error={nameError !== null}
          helperText={nameError ?? undefined}
          slotProps={{ htmlInput: { 'data-testid': 'queue-chatbot-name' } }}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          label={t('queues.chatbot.greeting')}
          value={values.greetingMessage}
          onChange={(event) => setValues((current) => ({ ...current, greetingMessage: event.target.value }))}
          slotProps={{ htmlInput: { 'data-testid': 'queue-chatbot-greeting' } }}
          multiline
          sx={{ flex: 2 }}
        />
        <TextField
          select
          size="small"
          label={t('queues.chatbot.type')}
          value={values.queueType}
          onChange={(event) => setValues((current) => ({ ...current, queueType: event.target.value as BotOptionType }))}
          sx={{ minWidth: 140 }}
          data-testid="queue-chatbot-type"
        >
          {botOptionTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`queues.chatbot.types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <Tooltip title={t('common.save')}>
          <span>
            <IconButton onClick={() => void save()} disabled={busy} aria-label={t('common.save')} data-testid="queue-chatbot-save">
              <SaveOutlined />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('common.delete')}>
          <span>
            <IconButton onClick={() => void remove()} disabled={busy} aria-label={t('common.delete')} data-testid="queue-chatbot-delete">
              <DeleteOutlined />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Paper>
  );
};
