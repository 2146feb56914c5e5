import type { MessageView } from '@atende/shared/messages';
import { Box, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type EmailParts = NonNullable<MessageView['email']>;

// A received email's subject over its text, and, folded, its formatted version and the history it
// quoted (issue 41 point 2). The HTML was sanitised when the mail arrived; it is shown in a sandboxed
// frame besides (no scripts, no forms, no popups), so even a sanitiser's miss runs nothing. The frame
// keeps this origin only so that its inline images load from the product's storage, which serves
// files to its own origin alone; without allow-scripts nothing in it can use that origin (never
// add allow-scripts next to it).
export const EmailParts = ({ email }: { email: EmailParts }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'html' | 'quoted' | null>(null);
  const toggle = (part: 'html' | 'quoted') => setOpen((current) => (current === part ? null : part));
  return (
    <Box data-testid="message-email">
      {email.subject && (
        <Typography variant="caption" sx={{ display: 'block', fontWeight: 600 }} data-testid="message-email-subject">
          {email.subject}
        </Typography>
      )}
      <Stack direction="row" spacing={1.5}>
        {email.html && (
          <Link component="button" type="button" variant="caption" onClick={() => toggle('html')} data-testid="message-email-html-toggle">
            {t('tickets.messages.email.formatted')}
          </Link>
        )}
        {email.quoted && (
          <Link component="button" type="button" variant="caption" onClick={() => toggle('quoted')} data-testid="message-email-quoted-toggle">
            {t('tickets.messages.email.quoted')}
          </Link>
        )}
      </Stack>
      {open === 'html' && email.html && (
        <Box
          component="iframe"
          sandbox="allow-same-origin"
          srcDoc={email.html}
          title={email.subject || t('tickets.messages.email.formatted')}
          sx={{ display: 'block', width: 'min(600px, 100%)', height: 320, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff', mt: 0.5 }}
          data-testid="message-email-html"
        />
      )}
      {open === 'quoted' && email.quoted && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderLeft: 2, borderColor: 'divider', pl: 1, mt: 0.5 }} data-testid="message-email-quoted">
          {email.quoted}
        </Typography>
      )}
    </Box>
  );
};
