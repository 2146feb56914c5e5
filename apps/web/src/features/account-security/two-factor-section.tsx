import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../lib/session/session-context.ts';
import { toast } from '../../lib/toast.ts';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import { TwoFactorEnrollment } from './two-factor-enrollment.tsx';
import { TwoFactorProofDialog } from './two-factor-proof-dialog.tsx';
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from './use-two-factor.ts';

type Asking = 'disable' | 'regenerate' | null;

// Issue 38 point 4: two-factor sign-in on the Security page: turning it on, and once on, new
// recovery codes or turning it off, each proven with a current code (or the password to turn off).
export const TwoFactorSection = () => {
  const { t } = useTranslation();
  const user = useSessionUser();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [asking, setAsking] = useState<Asking>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="security-two-factor">
      <Stack spacing={2}>
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('security.twoFactor.title')}
            </Typography>
            <Chip
              size="small"
              color={user.twoFactorEnabled ? 'success' : 'default'}
              label={user.twoFactorEnabled ? t('security.twoFactor.on') : t('security.twoFactor.off')}
              data-testid="two-factor-status"
              data-enabled={user.twoFactorEnabled ? 'yes' : 'no'}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('security.twoFactor.description')}
          </Typography>
        </Box>
        {user.twoFactorEnabled ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" onClick={() => setAsking('regenerate')} data-testid="two-factor-regenerate">
              {t('security.twoFactor.regenerate')}
            </Button>
            <Button variant="outlined" color="error" onClick={() => setAsking('disable')} data-testid="two-factor-disable">
              {t('security.twoFactor.disable')}
            </Button>
          </Stack>
        ) : (
          <TwoFactorEnrollment />
        )}
      </Stack>
      {asking === 'disable' && (
        <TwoFactorProofDialog
          title={t('security.twoFactor.disableTitle')}
          explanation={t('security.twoFactor.disableExplanation')}
          confirmLabel={t('security.twoFactor.disable')}
          allowPassword
          busy={disable.isPending}
          onProve={async (proof) => {
            await disable.mutateAsync(proof);
            setAsking(null);
            toast.success(t('security.twoFactor.disabled'));
          }}
          onClose={() => setAsking(null)}
          testId="two-factor-disable-dialog"
        />
      )}
      {asking === 'regenerate' && (
        <TwoFactorProofDialog
          title={t('security.twoFactor.regenerate')}
          explanation={t('security.twoFactor.regenerateExplanation')}
          confirmLabel={t('security.twoFactor.regenerate')}
          allowPassword={false}
          busy={regenerate.isPending}
          onProve={async ({ code = '' }) => {
            const answer = await regenerate.mutateAsync({ code });
            setAsking(null);
            setRecoveryCodes(answer.recoveryCodes);
          }}
          onClose={() => setAsking(null)}
          testId="two-factor-regenerate-dialog"
        />
      )}
      {recoveryCodes && <RecoveryCodesDialog codes={recoveryCodes} onClose={() => setRecoveryCodes(null)} />}
    </Paper>
  );
};
