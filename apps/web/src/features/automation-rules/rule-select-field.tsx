// A select of a rule's form whose options carry any value (a boolean, null for nobody, an id):
// the menu works on the options' positions and the form keeps their values.
import type { AutomationRuleBody } from '@atende/shared/automation';
import { Box, Chip, MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import { useRuleFieldError } from './use-rule-field-error.ts';

export type RuleOption = { value: unknown; label: string };

type RuleSelectFieldProps = { name: string; label: string; options: RuleOption[]; multiple?: boolean; testId: string };

export const RuleSelectField = ({ name, label, options, multiple = false, testId }: RuleSelectFieldProps) => {
  const { control } = useFormContext<AutomationRuleBody>();
  const errorOf = useRuleFieldError();
  const position = (value: unknown) => options.findIndex((option) => option.value === value);
  return (
    <Controller
      control={control}
      name={name as FieldPath<AutomationRuleBody>}
      render={({ field, fieldState }) => {
        const error = errorOf(fieldState.error, field.value);
        const selected = multiple ? ((field.value as unknown[] | undefined) ?? []).map(position).filter((index) => index >= 0) : position(field.value);
        return (
          <TextField
            select
            fullWidth
            size="small"
            label={label}
            value={multiple ? selected : selected === -1 ? '' : selected}
            onChange={(event) => {
              const picked: unknown = event.target.value;
              field.onChange(Array.isArray(picked) ? picked.map((index) => options[Number(index)].value) : options[Number(picked)]?.value);
            }}
            onBlur={field.onBlur}
            error={error !== undefined}
            helperText={error}
            data-testid={testId}
            slotProps={
              multiple
                ? {
                    select: {
                      multiple: true,
                      renderValue: (indexes) => (
                        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                          {(indexes as number[]).map((index) => (
                            <Chip key={index} size="small" label={options[index]?.label} />
                          ))}
                        </Box>
                      ),
                    },
                  }
                : undefined
            }
          >
            {options.map((option, index) => (
              <MenuItem key={option.label + String(index)} value={index} data-testid={`${testId}-option-${index}`}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
};

export const RuleTextField = ({ name, label, testId, helperText }: { name: string; label: string; testId: string; helperText?: string }) => {
  const { control } = useFormContext<AutomationRuleBody>();
  const errorOf = useRuleFieldError();
  return (
    <Controller
      control={control}
      name={name as FieldPath<AutomationRuleBody>}
      render={({ field, fieldState }) => {
        const error = errorOf(fieldState.error, field.value);
        return (
          <TextField
            fullWidth
            size="small"
            label={label}
            name={field.name}
            inputRef={field.ref}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={error !== undefined}
            helperText={error ?? helperText}
            slotProps={{ htmlInput: { 'data-testid': testId } }}
          />
        );
      }}
    />
  );
};
