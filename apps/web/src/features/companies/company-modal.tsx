import { companyCreateBody, companyUpdateBody, type CompanyView } from '@atende/shared/companies';
import { addRecurrence, recurrences } from '@atende/shared/recurrence';
import { Dialog, DialogContent, DialogTitle, FormControlLabel, Grid, MenuItem, Switch, TextField } from '@mui/material';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { PlanSelect } from '../plans/plan-select.tsx';
import { usePlansList } from '../plans/use-plans.ts';
import { useSaveCompany, type CompanyFormValues } from './use-companies.ts';
import { rawSchemaResolver } from '../../lib/form-resolver.ts';

type TextFieldName = 'name' | 'email' | 'phone' | 'document' | 'paymentMethod';

const today = () => new Date().toISOString().slice(0, 10);

// the update schema is strict and has neither password nor admin name: an edit's values leave them
// out. A new company is due one period of its recurrence from today, not today.
const toFormValues = (company: CompanyView | null): CompanyFormValues => ({
  ...(company ? {} : { password: '', adminName: '' }),
  name: company?.name ?? '',
  email: company?.email ?? '',
  phone: company?.phone ?? '',
  planId: company?.planId ?? (undefined as unknown as number),
  status: company?.status ?? true,
  document: company?.document ?? '',
  dueDate: company?.dueDate ?? addRecurrence(today(), 'MENSAL'),
  recurrence: company?.recurrence ?? 'MENSAL',
  paymentMethod: company?.paymentMethod ?? '',
});

type CompanyModalProps = { open: boolean; company: CompanyView | null; onClose: () => void };

// 03-saas §2 Company form, §5: creating a company also creates its first admin with this email and password.
export const CompanyModal = ({ open, company, onClose }: CompanyModalProps) => (
  <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="company-modal">
    {open && <CompanyForm key={company?.id ?? 'new'} company={company} onClose={onClose} />}
  </Dialog>
);

const CompanyForm = ({ company, onClose }: { company: CompanyView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const plans = usePlansList();
  const resolver = rawSchemaResolver<CompanyFormValues>(company ? companyUpdateBody : companyCreateBody);
  const form = useForm<CompanyFormValues>({ defaultValues: toFormValues(company), resolver });
  const { errors } = form.formState;
  const save = useSaveCompany(company);
  // a new company's due date follows its recurrence until the user picks a date
  const recurrence = form.watch('recurrence');
  useEffect(() => {
    if (!company && !form.getFieldState('dueDate').isDirty) form.setValue('dueDate', addRecurrence(today(), recurrence));
  }, [company, form, recurrence]);
  const field = (name: TextFieldName | 'password' | 'dueDate' | 'adminName') => {
    const { ref, ...rest } = form.register(name);
    return {
      ...rest,
      inputRef: ref,
      fullWidth: true,
      label: t(`companies.fields.${name}`),
      error: Boolean(errors[name]),
      helperText: fieldError(errors[name]),
      slotProps: { htmlInput: { 'data-testid': `company-${name}` }, inputLabel: name === 'dueDate' ? { shrink: true } : undefined },
    };
  };

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: showSaveError(form.setError) }))} data-testid="company-form">
      <DialogTitle>{company ? t('companies.modal.editTitle') : t('companies.modal.addTitle')}</DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field('name')} autoFocus />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field('email')} type="email" />
          </Grid>
          {!company && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('adminName')} />
            </Grid>
          )}
          {!company && (
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField {...field('password')} type="password" />
            </Grid>
          )}
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field('phone')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="planId"
              render={({ field: plan }) => (
                <PlanSelect plans={plans.data ?? []} label={t('companies.fields.planId')} value={plan.value} onChange={plan.onChange} error={Boolean(errors.planId)} testId="company-planId" />
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field('document')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field('dueDate')} type="date" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="recurrence"
              render={({ field: recurrence }) => (
                <TextField select fullWidth label={t('companies.fields.recurrence')} {...recurrence}>
                  {recurrences.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`companies.recurrences.${value}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField {...field('paymentMethod')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Controller
              control={form.control}
              name="status"
              render={({ field: status }) => (
                <FormControlLabel
                  control={<Switch checked={status.value} onChange={(event) => status.onChange(event.target.checked)} data-testid="company-status" />}
                  label={t('companies.fields.status')}
                />
              )}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="company-save" />
    </form>
  );
};
