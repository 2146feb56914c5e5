import { invitationAcceptBody, type InvitationView } from '@atende/shared/invitations';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Link, Stack, TextField } from '@mui/material';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { errorMessage, toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { AuthCard } from './auth-card.tsx';
import { PasswordField } from '../users/password-field.tsx';
import { useAcceptInvitation, useInvitation } from './use-accept-invitation.ts';

// The request's schema (the token comes from the link) plus the confirmation only the form has.
const acceptForm = invitationAcceptBody
  .omit({ token: true })
  .extend({ confirmation: z.string().trim() })
  .refine((values) => values.password === values.confirmation, { path: ['confirmation'], message: 'validation.passwordsDiffer' });

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
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const form = useForm<AcceptValues>({ defaultValues: { name: invitation.name, password: '', confirmation: '' }, resolver: zodResolver(acceptForm) });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ name, password }) => {
    try {
      await accept.mutateAsync({ token, name, password });
      toast.success(t('acceptInvitation.done'));
      void navigate('/login');
    } catch (error) {
      if (setServerFieldErrors(form.setError, error).length === 0) toastError(error);
    }
  });

  const field = (name: keyof AcceptValues) => {
    const { ref, ...rest } = form.register(name);
    return { ...rest, ref, error: Boolean(errors[name]), helperText: fieldError(errors[name]), fullWidth: true };
  };
  const { ref: nameRef, ...name } = field('name');

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Alert severity="info" data-testid="accept-invitation-company">
        {t('acceptInvitation.explanation', { company: invitation.companyName, email: invitation.email })}
      </Alert>
      <TextField {...name} inputRef={nameRef} label={t('users.fields.name')} slotProps={{ htmlInput: { 'data-testid': 'accept-invitation-name' } }} />
      <PasswordField {...field('password')} label={t('choosePassword.newPassword')} autoComplete="new-password" autoFocus testId="accept-invitation-password" />
      <PasswordField {...field('confirmation')} label={t('choosePassword.confirmation')} autoComplete="new-password" testId="accept-invitation-confirmation" />
      <Button type="submit" variant="contained" size="large" disabled={accept.isPending} data-testid="accept-invitation-submit">
        {t('acceptInvitation.submit')}
      </Button>
    </Stack>
  );
};
