import { zodResolver } from '@hookform/resolvers/zod';
import { planBody, planFlags, type PlanBody, type PlanView } from '@atende/shared/plans';
import { Checkbox, Dialog, DialogContent, DialogTitle, FormControlLabel, Grid, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CrudListPage, type CrudColumn } from '../../components/crud-list-page.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { showSaveError, useFieldError } from '../../components/field-errors.ts';
import { FormDialogActions } from '../../components/form-dialog-actions.tsx';
import { formatCurrency } from '../../lib/format.ts';
import { plansApi, plansQueryKeys } from './plans-api.ts';
import { usePlansList, useSavePlan } from './use-plans.ts';

type PlanFormValues = z.input<typeof planBody>;
const limits = ['users', 'connections', 'queues', 'amount'] as const;

// 03-saas §3 Plan: the form's defaults are 0 for the limits and the price, every feature on, public.
const toFormValues = (plan: PlanView | null): PlanFormValues => {
  if (!plan) return { ...planBody.parse({ name: '-' }), name: '' };
  // the form's schema is strict: the answer's id and value are not form fields
  const { id: _id, value: _value, ...fields } = plan;
  return fields;
};

type ModalState = { open: boolean; plan: PlanView | null };

// 03-saas §2 Plans tab (super): list, add, edit, delete with confirmation.
export const PlansTab = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const plans = usePlansList();
  const [modal, setModal] = useState<ModalState>({ open: false, plan: null });
  const closeModal = () => setModal((current) => ({ ...current, open: false }));
  const column = (key: string, render: CrudColumn<PlanView>['render'], testId?: string): CrudColumn<PlanView> => ({
    key,
    header: t(`companies.plans.columns.${key}`),
    render,
    testId,
  });
  const columns = [
    column('name', (plan) => plan.name, 'plans-name'),
    column('users', (plan) => plan.users),
    column('connections', (plan) => plan.connections),
    column('queues', (plan) => plan.queues),
    column('amount', (plan) => formatCurrency(plan.amount)),
    column('isPublic', (plan) => (plan.isPublic ? t('common.yes') : t('common.no'))),
    column('actions', (plan, row) => <EditDeleteActions onEdit={() => setModal({ open: true, plan })} onDelete={row.remove} testIdPrefix="plans" />),
  ];
  return (
    <CrudListPage
      embedded
      testId="plans-tab"
      add={{ label: t('companies.plans.add'), onClick: () => setModal({ open: true, plan: null }) }}
      columns={columns}
      rows={plans.data ?? []}
      loading={plans.isPending}
      emptyText={t('companies.plans.empty')}
      testIdPrefix="plans"
      remove={{
        run: (plan) => plansApi.remove(plan.id),
        onRemoved: () => queryClient.invalidateQueries({ queryKey: plansQueryKeys.root }),
        title: t('companies.confirmDelete.title'),
        message: t('companies.confirmDelete.message'),
        removedToast: t('companies.toasts.saved'),
      }}
    >
      <Dialog open={modal.open} onClose={closeModal} maxWidth="sm" fullWidth data-testid="plan-modal">
        {modal.open && <PlanForm key={modal.plan?.id ?? 'new'} plan={modal.plan} onClose={closeModal} />}
      </Dialog>
    </CrudListPage>
  );
};

const PlanForm = ({ plan, onClose }: { plan: PlanView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const form = useForm<PlanFormValues, unknown, PlanBody>({ defaultValues: toFormValues(plan), resolver: zodResolver(planBody) });
  const { errors } = form.formState;
  const save = useSavePlan(plan);
  const field = (name: 'name' | (typeof limits)[number] | 'aiMonthlyTokens') => {
    const { ref, ...rest } = form.register(name);
    return {
      ...rest,
      inputRef: ref,
      fullWidth: true,
      label: t(`companies.plans.columns.${name}`),
      error: Boolean(errors[name]),
      helperText: fieldError(errors[name]),
      slotProps: { htmlInput: { 'data-testid': `plan-${name}` } },
    };
  };
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values, { onSuccess: onClose, onError: showSaveError(form.setError) }))} data-testid="plan-form">
      <DialogTitle>{plan ? t('companies.plans.editTitle') : t('companies.plans.addTitle')}</DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={2}>
          <Grid size={12}>
            <TextField {...field('name')} autoFocus />
          </Grid>
          {limits.map((name) => (
            <Grid key={name} size={{ xs: 6, sm: 3 }}>
              <TextField {...field(name)} type="number" />
            </Grid>
          ))}
          <Grid size={12}>
            <TextField {...field('aiMonthlyTokens')} type="number" helperText={fieldError(errors.aiMonthlyTokens) || t('companies.plans.aiMonthlyTokensHelp')} />
          </Grid>
          {(['isPublic', ...planFlags] as const).map((flag) => (
            <Grid key={flag} size={{ xs: 12, sm: 6 }}>
              <Controller
                control={form.control}
                name={flag}
                render={({ field: box }) => (
                  <FormControlLabel
                    control={<Checkbox checked={box.value} onChange={(event) => box.onChange(event.target.checked)} data-testid={`plan-${flag}`} />}
                    label={t(`companies.plans.flags.${flag}`)}
                  />
                )}
              />
            </Grid>
          ))}
        </Grid>
      </DialogContent>
      <FormDialogActions onClose={onClose} pending={save.isPending} submitTestId="plan-save" />
    </form>
  );
};
