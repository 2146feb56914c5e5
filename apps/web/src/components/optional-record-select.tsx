// A select of one record by id, or none (null): the queue dialog's file list and integration,
// a bot option's file list.
import { MenuItem, TextField } from '@mui/material';

type OptionalRecordSelectProps = {
  label: string;
  noneLabel: string;
  value: number | null;
  records: { id: number; name: string }[];
  onChange: (id: number | null) => void;
  error?: string;
  testId: string;
};

export const OptionalRecordSelect = ({ label, noneLabel, value, records, onChange, error, testId }: OptionalRecordSelectProps) => (
  <TextField
    select
    fullWidth
    size="small"
    label={label}
    // a record not (yet) among the choices shows as none rather than an out-of-range value
    value={value !== null && records.some((record) => record.id === value) ? value : ''}
    onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
    error={error !== undefined}
    helperText={error}
    data-testid={testId}
  >
    <MenuItem value="">
      <em>{noneLabel}</em>
    </MenuItem>
    {records.map((record) => (
      <MenuItem key={record.id} value={record.id} data-testid={`${testId}-option-${record.id}`}>
        {record.name}
      </MenuItem>
    ))}
  </TextField>
);
