// The "open a ticket" group of a form that sends messages on its own (a campaign, a scheduled
// message): the switch, and the user, queue and status the opened ticket gets, usable only while
// the switch is on.
import { Grid, MenuItem, TextField } from '@mui/material';
import { Controller, useWatch, type Control, type FieldPathByValue, type FieldValues, type Path } from 'react-hook-form';
import { EnabledSwitchField } from './enabled-switch-field.tsx';
import { OptionalRecordSelect } from './optional-record-select.tsx';

type OpenTicketLabels = { openTicket: string; user: string; queue: string; statusTicket: string; statusClosed: string; statusOpen: string; none: string };

type OpenTicketFieldsProps<Values extends FieldValues, Transformed> = {
  control: Control<Values, unknown, Transformed>;
  names: {
    openTicket: FieldPathByValue<Values, 'enabled' | 'disabled' | undefined>;
    user: Path<Values>;
    queue: Path<Values>;
    statusTicket: FieldPathByValue<Values, 'closed' | 'open' | undefined>;
  };
  labels: OpenTicketLabels;
  testIds: { openTicket?: string; user: string; queue: string };
  users: { id: number; name: string }[];
  queues: { id: number; name: string }[];
  columns: number;
};

export const OpenTicketFields = <Values extends FieldValues, Transformed = Values>({
  control,
  names,
  labels,
  testIds,
  users,
  queues,
  columns,
}: OpenTicketFieldsProps<Values, Transformed>) => {
  const openTicket = useWatch({ control, name: names.openTicket }) === 'enabled';
  return (
    <>
      <Grid size={{ xs: 12, sm: columns }}>
        <EnabledSwitchField control={control} name={names.openTicket} label={labels.openTicket} testId={testIds.openTicket} />
      </Grid>
      <Grid size={{ xs: 12, sm: columns }}>
        <OptionalRecordSelect control={control} name={names.user} label={labels.user} noneLabel={labels.none} records={users} testId={testIds.user} disabled={!openTicket} />
      </Grid>
      <Grid size={{ xs: 12, sm: columns }}>
        <OptionalRecordSelect control={control} name={names.queue} label={labels.queue} noneLabel={labels.none} records={queues} testId={testIds.queue} disabled={!openTicket} />
      </Grid>
      <Grid size={{ xs: 12, sm: columns }}>
        <Controller
          control={control}
          name={names.statusTicket}
          render={({ field }) => (
            <TextField select fullWidth size="small" label={labels.statusTicket} {...field} disabled={!openTicket}>
              <MenuItem value="closed">{labels.statusClosed}</MenuItem>
              <MenuItem value="open">{labels.statusOpen}</MenuItem>
            </TextField>
          )}
        />
      </Grid>
    </>
  );
};
