import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

// /security (issue 38): the signed-in user's own account safety, one section each.
export const SecurityPage = () => {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="security-page">
      <PageHeader title={t('security.title')} />
      <TwoFactorSection />
      <SessionsSection />
    </Stack>
  );
};
