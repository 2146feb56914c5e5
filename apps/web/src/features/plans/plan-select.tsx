import type { PlanView } from '@atende/shared/plans';
import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '../../lib/format.ts';

type PlanSelectProps = { plans: PlanView[]; label: string; value: number | undefined; onChange: (planId: number) => void; error: boolean; testId: string };

// 03-saas §2 Plans tab: an option shows name, attendants, WhatsApp connections, queues and price.
export const PlanSelect = ({ plans, label, value, onChange, error, testId }: PlanSelectProps) => {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(Number(event.target.value))}
      error={error}
      helperText={error && t('validation.required')}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {plans.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {t('companies.plans.optionLabel', { name: option.name, users: option.users, connections: option.connections, queues: option.queues, price: formatCurrency(option.amount) })}
        </MenuItem>
      ))}
    </TextField>
  );
};
