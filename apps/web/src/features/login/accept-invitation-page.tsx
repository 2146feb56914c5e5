import { invitationAcceptBody, type InvitationView } from '@atende/shared/invitations';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Link, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { setServerFieldErrors } from '../../components/field-errors.ts';
import { useTextFieldProps } from '../../components/use-text-field-props.ts';
import { errorMessage, toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { AuthCard } from './auth-card.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { withPasswordConfirmation } from './password-confirmation.ts';
import { useAcceptInvitation, useInvitation } from './use-accept-invitation.ts';

// the token comes from the link
const acceptForm = withPasswordConfirmation(invitationAcceptBody.omit({ token: true }));

type AcceptValues = z.input<typeof acceptForm>;

// Issue 38 point 3: the page an invitation's mail links to. The invited user sees which company
// invited which email, chooses a password (and may correct their name), then signs in.
export const AcceptInvitationPage = () => {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const invitation = useInvitation(token);
  return (
    <AuthCard title={t('acceptInvitation.title')} testId="accept-invitation-page">
      {invitation.data ? (
        <AcceptForm token={token} invitation={invitation.data} />
      ) : invitation.isPending && token ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <CircularProgress />
        </Box>
      ) : (
        <Alert severity="error" data-testid="accept-invitation-invalid">
          {invitation.error ? errorMessage(invitation.error) : t('errors.ERR_INVALID_TOKEN')}
        </Alert>
      )}
      <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
        {t('acceptInvitation.toLogin')}
      </Link>
    </AuthCard>
  );
};

const AcceptForm = ({ token, invitation }: { token: string; invitation: InvitationView }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const form = useForm<AcceptValues>({ defaultValues: { name: invitation.name, password: '', confirmation: '' }, resolver: zodResolver(acceptForm) });
  const field = useTextFieldProps(form);

  const submit = form.handleSubmit(async ({ name, password }) => {
    try {
      await accept.mutateAsync({ token, name, password });
      toast.success(t('acceptInvitation.done'));
      void navigate('/login');
    } catch (error) {
      if (setServerFieldErrors(form.setError, error).length === 0) toastError(error);
    }
  });

  const { ref: nameRef, ...name } = field('name');

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Alert severity="info" data-testid="accept-invitation-company">
        {t('acceptInvitation.explanation', { company: invitation.companyName, email: invitation.email })}
      </Alert>
      <TextField {...name} inputRef={nameRef} label={t('users.fields.name')} slotProps={{ htmlInput: { 'data-testid': 'accept-invitation-name' } }} />
      <NewPasswordFields password={field('password')} confirmation={field('confirmation')} testId="accept-invitation" autoFocus />
      <Button type="submit" variant="contained" size="large" disabled={accept.isPending} data-testid="accept-invitation-submit">
        {t('acceptInvitation.submit')}
      </Button>
    </Stack>
  );
};
