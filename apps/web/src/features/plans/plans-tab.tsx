import { zodResolver } from '@hookform/resolvers/zod';
import { planBody, planFlags, type PlanBody, type PlanView } from '@atende/shared/plans';
import { Add } from '@mui/icons-material';
import {
  Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Grid, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EditDeleteActions } from '../../components/edit-delete-actions.tsx';
import { setServerFieldErrors, useFieldError } from '../../components/field-errors.ts';
import { ListStatus } from '../../components/list-status.tsx';
import { toastError } from '../../lib/error-message.ts';
import { toast } from '../../lib/toast.ts';
import { plansApi, plansQueryKeys } from './plans-api.ts';
import { formatCurrency } from '../../lib/format.ts';

type PlanFormValues = Omit<PlanBody, 'value'>;
const limits = ['users', 'connections', 'queues', 'amount'] as const;
const resolver = zodResolver(planBody) as unknown as Resolver<PlanFormValues>;

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
  const plans = useQuery({ queryKey: plansQueryKeys.all, queryFn: plansApi.all });
  const [modal, setModal] = useState<ModalState>({ open: false, plan: null });
  const [deleting, setDeleting] = useState<PlanView | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => plansApi.remove(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: plansQueryKeys.root });
      toast.success(t('companies.toasts.saved'));
      setDeleting(null);
    },
    onError: (error) => toastError(error),
  });
  const list = plans.data ?? [];
  return (
    <Stack spacing={2} data-testid="plans-tab">
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setModal({ open: true, plan: null })} data-testid="plans-add">
          {t('companies.plans.add')}
        </Button>
      </Stack>
      <Paper variant="outlined">
        <Table size="small" data-testid="plans-table">
          <TableHead>
            <TableRow>
              {['name', 'users', 'connections', 'queues', 'amount', 'isPublic', 'actions'].map((column) => (
                <TableCell key={column}>{t(`companies.plans.columns.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((plan) => (
              <TableRow key={plan.id} hover data-testid="plans-row">
                <TableCell data-testid="plans-name">{plan.name}</TableCell>
                <TableCell>{plan.users}</TableCell>
                <TableCell>{plan.connections}</TableCell>
                <TableCell>{plan.queues}</TableCell>
                <TableCell>{formatCurrency(plan.amount)}</TableCell>
                <TableCell>{plan.isPublic ? t('common.yes') : t('common.no')}</TableCell>
                <TableCell>
                  <EditDeleteActions onEdit={() => setModal({ open: true, plan })} onDelete={() => setDeleting(plan)} testIdPrefix="plans" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <ListStatus loading={plans.isPending} empty={list.length === 0} emptyText={t('companies.plans.empty')} />
      </Paper>
      <Dialog open={modal.open} onClose={() => setModal((current) => ({ ...current, open: false }))} maxWidth="sm" fullWidth data-testid="plan-modal">
        {modal.open && <PlanForm key={modal.plan?.id ?? 'new'} plan={modal.plan} onClose={() => setModal((current) => ({ ...current, open: false }))} />}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('companies.confirmDelete.title')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {t('companies.confirmDelete.message')}
      </ConfirmDialog>
    </Stack>
  );
};

const PlanForm = ({ plan, onClose }: { plan: PlanView | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const form = useForm<PlanFormValues>({ defaultValues: toFormValues(plan), resolver });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: PlanFormValues) => (plan ? plansApi.update(plan.id, values) : plansApi.create(values)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: plansQueryKeys.root });
      toast.success(t('companies.toasts.saved'));
      onClose();
    },
    onError: (error) => {
      setServerFieldErrors(form.setError, error);
      toastError(error);
    },
  });
  const field = (name: 'name' | (typeof limits)[number]) => {
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
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} data-testid="plan-form">
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
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="plan-save">
          {t('common.save')}
        </Button>
      </DialogActions>
    </form>
  );
};
