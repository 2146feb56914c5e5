import { KNOWLEDGE_QUESTION_MAX_CHARS } from '@atende/shared/knowledge';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { useKnowledgeSearch } from './use-knowledge.ts';

// "Try a question": the passages retrieval gives the copilot for it, best first.
export const KnowledgeTryDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const [question, setQuestion] = useState('');
  const search = useKnowledgeSearch();
  const passages = search.data?.passages;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth scroll="paper" data-testid="knowledge-try">
      <DialogTitle>{t('knowledge.try.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={(event) => {
            event.preventDefault();
            if (question.trim()) search.mutate({ question: question.trim() });
          }}
        >
          <TextField
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            label={t('knowledge.try.question')}
            fullWidth
            autoFocus
            slotProps={{ htmlInput: { maxLength: KNOWLEDGE_QUESTION_MAX_CHARS, 'data-testid': 'knowledge-try-question' } }}
          />
          <Button type="submit" variant="contained" disabled={search.isPending || !question.trim()} data-testid="knowledge-try-submit">
            {t('knowledge.try.ask')}
          </Button>
        </Stack>
        {search.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(search.error)}
          </Alert>
        )}
        {passages && passages.length === 0 && (
          <Typography sx={{ mt: 2 }} color="text.secondary">
            {t('knowledge.try.nothing')}
          </Typography>
        )}
        {passages && passages.length > 0 && (
          <List data-testid="knowledge-try-passages">
            {passages.map((passage) => (
              <ListItem key={passage.passageId} divider alignItems="flex-start">
                <ListItemText primary={passage.title} secondary={<Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>{passage.text}</Box>} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="knowledge-try-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
