import { KNOWLEDGE_LANGUAGES, knowledgeArticleBody, type KnowledgeArticleView } from '@atende/shared/knowledge';
import { Alert, Box, CircularProgress, Dialog, DialogContent, DialogTitle, Grid, MenuItem, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';
import { useQueueOptions } from '../queues/use-queues.ts';
import { useKnowledgeArticle, useSaveKnowledgeArticle, type KnowledgeFormValues } from './use-knowledge.ts';

const resolver = rawSchemaResolver<KnowledgeFormValues>(knowledgeArticleBody);

const valuesOf = (article: KnowledgeArticleView | null): KnowledgeFormValues => ({
  title: article?.title ?? '',
  body: article?.body ?? '',
  queueId: article?.queueId ?? null,
  language: article?.language ?? 'portuguese',
});

const ArticleForm = ({ article, onClose }: { article: KnowledgeArticleView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { data: queues = [] } = useQueueOptions();
  const form = useForm<KnowledgeFormValues>({ defaultValues: valuesOf(article), resolver });
  const { errors } = form.formState;
  const save = useSaveKnowledgeArticle(article);
  const text = (name: 'title' | 'body', testId: string) => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, inputRef: ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), slotProps: { htmlInput: { 'data-testid': testId } } };
  };
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: showSaveError(form.setError) }))}>
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={12}>
            <TextField {...text('title', 'knowledge-title')} label={t('knowledge.fields.title')} fullWidth autoFocus />
          </Grid>
          <Grid size={12}>
            <TextField {...text('body', 'knowledge-body')} label={t('knowledge.fields.body')} fullWidth multiline minRows={8} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="queueId"
              render={({ field }) => (
                <TextField
                  select
                  fullWidth
                  label={t('knowledge.fields.queue')}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
                  error={Boolean(errors.queueId)}
                  helperText={fieldError(errors.queueId)}
                  slotProps={{ htmlInput: { 'data-testid': 'knowledge-queue' } }}
                >
                  <MenuItem value="">{t('knowledge.allQueues')}</MenuItem>
                  {queues.map((queue) => (
                    <MenuItem key={queue.id} value={queue.id}>
                      {queue.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="language"
              render={({ field }) => (
                <TextField select fullWidth label={t('knowledge.fields.language')} {...field} slotProps={{ htmlInput: { 'data-testid': 'knowledge-language' } }}>
                  {KNOWLEDGE_LANGUAGES.map((language) => (
                    <MenuItem key={language} value={language}>
                      {t(`knowledge.languages.${language}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="knowledge-submit" adding={!article} />
    </Box>
  );
};

type ArticleDialogProps = { open: boolean; articleId: number | null; onClose: () => void };

export const KnowledgeArticleDialog = ({ open, articleId, onClose }: ArticleDialogProps) => {
  const { t } = useTranslation();
  const { data: article, isPending, error } = useKnowledgeArticle(articleId);
  const editing = articleId !== null;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth scroll="paper" data-testid="knowledge-dialog">
      <DialogTitle>{editing ? t('knowledge.editTitle') : t('knowledge.addTitle')}</DialogTitle>
      {editing && error ? (
        <DialogContent>
          <Alert severity="error">{errorMessage(error)}</Alert>
        </DialogContent>
      ) : editing && (isPending || !article) ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
          <CircularProgress />
        </Box>
      ) : (
        <ArticleForm key={article?.id ?? 'new'} article={editing && article ? article : null} onClose={onClose} />
      )}
    </Dialog>
  );
};
