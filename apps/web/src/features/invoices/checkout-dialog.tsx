import { CUSTOM_PLAN, customPlanPrice, subscriptionBody, type InvoiceView, type PixChargeAnswer, type SubscriptionInput } from '@atende/shared/invoices';
import { zodResolver } from '@hookform/resolvers/zod';
import { Add, Remove } from '@mui/icons-material';
import {
  Alert,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Step,
  StepLabel,
  Stepper,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { refreshSession } from '../../lib/api-client.ts';
import { toastError } from '../../lib/error-message.ts';
import { formatCurrency, formatDay } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { useCompanyEvent } from '../../lib/realtime/use-company-event.ts';
import { invoicesQueryKeys } from './invoices-api.ts';
import { PixView } from './pix-view.tsx';
import { useSubscribe } from './use-invoices.ts';

// 03-saas §9: back to / 4 s after the payment is confirmed
const RENEWED_REDIRECT_MS = 4000;

const steps = ['data', 'customize', 'review'] as const;

// raw: the shared schema judges the values, which go as typed
const resolver = zodResolver(subscriptionBody, undefined, { raw: true });

type Stepped = { value: number; onChange: (value: number) => void; label: string; testId: string; minimum: number };

// a stepper that does nothing below its minimum (03-saas §5 Custom plan)
const CountStepper = ({ value, onChange, label, testId, minimum }: Stepped) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
    <Typography sx={{ flex: 1 }}>{label}</Typography>
    <IconButton size="small" onClick={() => value > minimum && onChange(value - 1)} data-testid={`${testId}-less`}>
      <Remove fontSize="small" />
    </IconButton>
    <Typography data-testid={testId}>{value}</Typography>
    <IconButton size="small" onClick={() => onChange(value + 1)} data-testid={`${testId}-more`}>
      <Add fontSize="small" />
    </IconButton>
  </Stack>
);

// 03-saas §2 Checkout dialog: Dados, Personalizar, Revisar, then the Pix view; the payment
// event CONCLUIDA finishes it.
export const CheckoutDialog = ({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const subscribe = useSubscribe();
  const [step, setStep] = useState(0);
  const [charge, setCharge] = useState<PixChargeAnswer | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const invoicePlan = { custom: false, title: invoice.detail, price: Number(invoice.value), users: invoice.users, connections: invoice.connections, queues: invoice.queues };
  const form = useForm<SubscriptionInput, unknown, SubscriptionInput>({
    resolver,
    defaultValues: {
      firstName: '',
      lastName: '',
      zipcode: '',
      city: '',
      state: '',
      country: 'BR',
      plan: invoicePlan,
      price: Number(invoice.value),
      users: CUSTOM_PLAN.minUsers,
      connections: CUSTOM_PLAN.minConnections,
      invoiceId: invoice.id,
    },
  });
  const { errors } = form.formState;
  const custom = Boolean((form.watch('plan') as { custom?: boolean }).custom);
  const users = Number(form.watch('users'));
  const connections = Number(form.watch('connections'));
  const price = custom ? customPlanPrice(users, connections) : Number(invoice.value);

  useEffect(() => {
    form.setValue('price', price);
  }, [form, price]);

  useCompanyEvent('payment', (payload) => {
    if (payload.action !== 'CONCLUIDA') return;
    setRenewedUntil(payload.company.dueDate);
    void queryClient.invalidateQueries({ queryKey: invoicesQueryKeys.all });
  });

  useEffect(() => {
    if (!renewedUntil) return;
    const timer = setTimeout(() => {
      void refreshSession()
        .catch(() => undefined)
        .finally(() => navigate('/'));
    }, RENEWED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [renewedUntil, navigate]);

  const next = async () => {
    if (step === 0 && !(await form.trigger(['firstName', 'zipcode']))) return;
    setStep((current) => current + 1);
  };

  const choose = (chosen: boolean) =>
    form.setValue('plan', chosen ? { custom: true, title: t('invoices.customPlan'), users, connections } : invoicePlan);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await subscribe.mutateAsync({ ...values, plan: custom ? { custom: true, title: t('invoices.customPlan'), users, connections } : invoicePlan });
      setCharge(answer);
      toast.success(t('invoices.subscribed'));
    } catch (error) {
      if (setServerFieldErrors(form.setError, error).length > 0) setStep(0);
      else toastError(error);
    }
  });

  const text = (name: 'firstName' | 'lastName' | 'zipcode' | 'city' | 'state' | 'country', required = false) => ({
    ...form.register(name),
    label: t(`invoices.fields.${name}`),
    required,
    error: Boolean(errors[name]),
    helperText: fieldError(errors[name]),
    fullWidth: true,
    slotProps: { htmlInput: { 'data-testid': `checkout-${name}` } },
  });

  const planCard = (chosen: boolean, title: string, body: ReactNode, testId: string) => (
    <Card variant="outlined" sx={{ flex: 1, borderColor: custom === chosen ? 'primary.main' : undefined, borderWidth: custom === chosen ? 2 : 1 }}>
      <CardActionArea onClick={() => choose(chosen)} data-testid={testId}>
        <CardContent>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {body}
        </CardContent>
      </CardActionArea>
    </Card>
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="checkout-dialog">
      <DialogTitle>{t('invoices.checkoutTitle')}</DialogTitle>
      <DialogContent>
        {renewedUntil && (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="checkout-renewed">
            {t('invoices.renewed', { date: formatDay(renewedUntil) })}
          </Alert>
        )}
        {charge ? (
          <PixView charge={charge} />
        ) : (
          <Stack spacing={2} component="form" noValidate id="checkout-form" onSubmit={submit}>
            <Stepper activeStep={step} alternativeLabel>
              {steps.map((name) => (
                <Step key={name}>
                  <StepLabel>{t(`invoices.steps.${name}`)}</StepLabel>
                </Step>
              ))}
            </Stepper>
            {step === 0 && (
              <Stack spacing={2}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField {...text('firstName', true)} autoFocus />
                  <TextField {...text('lastName')} />
                </Stack>
                <TextField {...text('zipcode', true)} />
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField {...text('city')} />
                  <TextField {...text('state')} />
                  <TextField {...text('country')} />
                </Stack>
              </Stack>
            )}
            {step === 1 && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {planCard(
                  false,
                  invoice.detail,
                  <>
                    <Typography>{t('invoices.planUsers', { count: invoice.users })}</Typography>
                    <Typography>{t('invoices.planConnections', { count: invoice.connections })}</Typography>
                    <Typography>{t('invoices.planQueues', { count: invoice.queues })}</Typography>
                    <Typography sx={{ fontWeight: 600 }}>{formatCurrency(invoice.value)}</Typography>
                  </>,
                  'checkout-plan-invoice',
                )}
                {planCard(
                  true,
                  t('invoices.customPlan'),
                  <Typography sx={{ fontWeight: 600 }} data-testid="checkout-custom-price">
                    {formatCurrency(customPlanPrice(users, connections))}
                  </Typography>,
                  'checkout-plan-custom',
                )}
              </Stack>
            )}
            {step === 1 && custom && (
              <Stack spacing={1}>
                <CountStepper value={users} onChange={(value) => form.setValue('users', value)} label={t('invoices.users')} testId="checkout-users" minimum={CUSTOM_PLAN.minUsers} />
                <CountStepper
                  value={connections}
                  onChange={(value) => form.setValue('connections', value)}
                  label={t('invoices.connections')}
                  testId="checkout-connections"
                  minimum={CUSTOM_PLAN.minConnections}
                />
              </Stack>
            )}
            {step === 2 && (
              <Stack spacing={1} data-testid="checkout-review">
                <Typography>{[form.getValues('firstName'), form.getValues('lastName')].filter(Boolean).join(' ')}</Typography>
                <Typography>{form.getValues('zipcode')}</Typography>
                <Typography>{custom ? t('invoices.customPlan') : invoice.detail}</Typography>
                <Typography>{t('invoices.planUsers', { count: custom ? users : invoice.users })}</Typography>
                <Typography>{t('invoices.planConnections', { count: custom ? connections : invoice.connections })}</Typography>
                <Typography variant="h6" data-testid="checkout-total">
                  {t('invoices.monthly', { value: formatCurrency(price) })}
                </Typography>
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="checkout-close">
          {t('invoices.close')}
        </Button>
        {!charge && step === 2 && (
          <Button onClick={() => setStep(1)} data-testid="checkout-back">
            {t('invoices.back')}
          </Button>
        )}
        {!charge && step < 2 && (
          <Button variant="contained" onClick={() => void next()} data-testid="checkout-next">
            {t('invoices.next')}
          </Button>
        )}
        {!charge && step === 2 && (
          <Button variant="contained" type="submit" form="checkout-form" disabled={subscribe.isPending} data-testid="checkout-pay">
            {t('invoices.pay')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
