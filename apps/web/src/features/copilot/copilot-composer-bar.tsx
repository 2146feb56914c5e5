import { rewriteModes, type CopilotDraft, type DraftWarning, type RewriteMode } from '@atende/shared/copilot';
import { AutoAwesome, EditNote } from '@mui/icons-material';
import { Alert, Button, Chip, CircularProgress, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { copilotApi } from './copilot-api.ts';
import { useCopilotAllowed, useCopilotStatus } from './use-copilot.ts';

// the keyboard shortcut of the suggested reply (issue 42 point 2)
export const SUGGEST_SHORTCUT = { key: 'Enter', ctrlKey: true, shiftKey: true } as const;

type Props = { ticketId: number; text: string; onText: (text: string) => void };

// The copilot's row above the composer (issue 42 points 2 and 4): a suggested reply and the
// rewrites of the draft go into the text box for the attendant to edit; nothing is sent from here.
// A failure shows its message here and leaves the draft as it was. Shown when the plan has AI.
export const CopilotComposerBar = ({ ticketId, text, onText }: Props) => {
  const { t } = useTranslation();
  const allowed = useCopilotAllowed();
  const status = useCopilotStatus(allowed);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [shown, setShown] = useState<{ sources: CopilotDraft['sources']; warnings: DraftWarning[] } | null>(null);
  const suggest = useMutation({ mutationFn: () => copilotApi.suggest(ticketId), onSuccess: (draft) => {
    onText(draft.draft);
    setShown({ sources: draft.sources, warnings: draft.warnings });
  } });
  const rewrite = useMutation({ mutationFn: (mode: RewriteMode) => copilotApi.rewrite(ticketId, text, mode), onSuccess: (answer) => {
    onText(answer.text);
    setShown((current) => ({ sources: current?.sources ?? [], warnings: answer.warnings }));
  } });
  const busy = suggest.isPending || rewrite.isPending;
  const configured = status.data?.configured === true;
  const failure = suggest.error ?? rewrite.error;

  useEffect(() => {
    if (!configured) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== SUGGEST_SHORTCUT.key || !event.ctrlKey || !event.shiftKey) return;
      event.preventDefault();
      if (!suggest.isPending) suggest.mutate();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [configured, suggest]);

  // what was shown about a draft goes with it once the box is emptied (sent or cleared)
  if (shown && !text.trim()) setShown(null);

  if (!allowed || status.isPending) return null;
  if (!configured) {
    return (
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 1, pb: 0.5 }} data-testid="copilot-not-configured">
        {t('copilot.notConfigured')}
      </Typography>
    );
  }
  return (
    <Stack spacing={0.5} sx={{ px: 1, pb: 0.5 }} data-testid="copilot-bar">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          size="small"
          startIcon={suggest.isPending ? <CircularProgress size={16} /> : <AutoAwesome />}
          disabled={busy}
          onClick={() => suggest.mutate()}
          title={t('copilot.suggestShortcut')}
          data-testid="copilot-suggest"
        >
          {suggest.isPending ? t('copilot.working') : t('copilot.suggest')}
        </Button>
        <Button
          size="small"
          startIcon={rewrite.isPending ? <CircularProgress size={16} /> : <EditNote />}
          disabled={busy || !text.trim()}
          onClick={(event) => setMenu(event.currentTarget)}
          aria-haspopup="menu"
          data-testid="copilot-rewrite"
        >
          {rewrite.isPending ? t('copilot.working') : t('copilot.rewrite')}
        </Button>
        {shown?.sources.map((source) => (
          <Chip key={source.articleId} size="small" variant="outlined" label={source.title} data-testid="copilot-source" />
        ))}
      </Stack>
      {shown && shown.warnings.length > 0 && (
        <Alert severity="warning" data-testid="copilot-warning">
          {shown.warnings.map((warning) => t(`copilot.warnings.${warning}`)).join(' ')}
        </Alert>
      )}
      {failure && !busy && (
        <Alert severity="error" onClose={() => (suggest.error ? suggest.reset() : rewrite.reset())} data-testid="copilot-error">
          {errorMessage(failure)}
        </Alert>
      )}
      <Menu open={Boolean(menu)} anchorEl={menu} onClose={() => setMenu(null)}>
        {rewriteModes.map((mode) => (
          <MenuItem
            key={mode}
            onClick={() => {
              setMenu(null);
              rewrite.mutate(mode);
            }}
            data-testid={`copilot-rewrite-${mode}`}
          >
            {t(`copilot.modes.${mode}`)}
          </MenuItem>
        ))}
      </Menu>
    </Stack>
  );
};
