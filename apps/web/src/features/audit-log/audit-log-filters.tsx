import { auditActions, auditEntities } from '@atende/shared/audit';
import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { AuditFilter } from './audit-log-api.ts';
import { useUsersList } from '../users/use-users.ts';
import { useAuditCompanyOptions } from './use-audit-log.ts';

type Props = { filter: AuditFilter; onChange: (filter: AuditFilter) => void; withCompany: boolean };

export const AuditLogFilters = ({ filter, onChange, withCompany }: Props) => {
  const { t } = useTranslation();
  const companies = useAuditCompanyOptions(withCompany);
  // who did it: the company's users (the super admin's view spans companies, so it has none)
  const users = useUsersList(!withCompany);
  const people = users.data ?? [];
  const set = <K extends keyof AuditFilter>(key: K, value: AuditFilter[K]) => onChange({ ...filter, [key]: value });
  const options = companies.data ?? [];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }} data-testid="audit-filters">
      <TextField type="date" size="small" label={t('auditLog.filters.dateFrom')} value={filter.dateFrom} onChange={(event) => set('dateFrom', event.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'audit-date-from' } }} />
      <TextField type="date" size="small" label={t('auditLog.filters.dateTo')} value={filter.dateTo} onChange={(event) => set('dateTo', event.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'audit-date-to' } }} />
      <TextField select size="small" sx={{ minWidth: 200 }} label={t('auditLog.filters.action')} value={filter.action} onChange={(event) => set('action', event.target.value as AuditFilter['action'])} slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'audit-action-filter' } as object } }}>
        <MenuItem value="">{t('auditLog.filters.any')}</MenuItem>
        {auditActions.map((action) => (
          <MenuItem key={action} value={action} data-testid={`audit-action-option-${action}`}>
            {t(`auditLog.actions.${action}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" sx={{ minWidth: 160 }} label={t('auditLog.filters.entityType')} value={filter.entityType} onChange={(event) => set('entityType', event.target.value as AuditFilter['entityType'])}>
        <MenuItem value="">{t('auditLog.filters.any')}</MenuItem>
        {auditEntities.map((entity) => (
          <MenuItem key={entity} value={entity}>
            {t(`auditLog.entities.${entity}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField size="small" label={t('auditLog.filters.entityId')} value={filter.entityId} onChange={(event) => set('entityId', event.target.value)} slotProps={{ htmlInput: { 'data-testid': 'audit-entity-id' } }} />
      {!withCompany && (
        <Autocomplete
          size="small"
          sx={{ minWidth: 220 }}
          options={people}
          getOptionLabel={(option) => option.name}
          value={people.find((option) => option.id === filter.actorUserId) ?? null}
          onChange={(_, option) => set('actorUserId', option?.id ?? null)}
          renderInput={(params) => <TextField {...params} label={t('auditLog.filters.actor')} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'audit-actor-filter' } }} />}
        />
      )}
      {withCompany && (
        <Autocomplete
          size="small"
          sx={{ minWidth: 220 }}
          options={options}
          getOptionLabel={(option) => option.name}
          value={options.find((option) => option.id === filter.companyId) ?? null}
          onChange={(_, option) => set('companyId', option?.id ?? null)}
          renderInput={(params) => <TextField {...params} label={t('auditLog.filters.company')} />}
        />
      )}
    </Stack>
  );
};
