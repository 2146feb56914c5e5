import type { ContactImportView } from '@atende/shared/contact-imports';
import { can } from '@atende/shared/permissions';
import { ArrowBack } from '@mui/icons-material';
import { Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { ImportProgress } from './import-progress.tsx';
import { ListImport } from './list-import.tsx';
import { SheetImport } from './sheet-import.tsx';
import { useContactImportEvents, useRecentImports } from './use-contact-imports.ts';

type Source = ContactImportView['source'];

// /contacts/import (01-core §2): a spreadsheet with its column mapping, or a contact list (with the
// campaigns' plan flag and the admin menu's permission), into the contacts; the progress bar
// follows the import live, and an import still running when the page opens is shown again.
export const ContactImportPage = () => {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [source, setSource] = useState<Source>('spreadsheet');
  const [started, setStarted] = useState<ContactImportView | null>(null);
  const recent = useRecentImports();
  useContactImportEvents();
  const running = recent.data?.records.find((record) => record.status === 'queued' || record.status === 'running');
  const shown = started ?? running;
  const listsAllowed = can(user, 'drawer-admin-items:view') && user.company.plan.useCampaigns;
  return (
    <Stack spacing={2} data-testid="contact-import-page">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, fontWeight: 600 }}>
          {t('contactImport.title')}
        </Typography>
        <Button component={Link} to="/contacts" startIcon={<ArrowBack />}>
          {t('contactImport.back')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Tabs value={source} onChange={(_, value: Source) => setSource(value)} sx={{ mb: 2 }}>
          <Tab value="spreadsheet" label={t('contactImport.fromSheet')} data-testid="contact-import-tab-sheet" />
          {listsAllowed && <Tab value="contactList" label={t('contactImport.fromList')} data-testid="contact-import-tab-list" />}
        </Tabs>
        {source === 'spreadsheet' ? <SheetImport onStarted={setStarted} /> : <ListImport onStarted={setStarted} />}
      </Paper>
      {shown && <ImportProgress key={shown.id} initial={shown} announce={Boolean(started)} />}
    </Stack>
  );
};
