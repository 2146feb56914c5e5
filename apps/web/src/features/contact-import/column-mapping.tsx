import { importFields, singleUseFields, type ContactImportBody, type ImportField } from '@atende/shared/contact-imports';
import { MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import { Controller, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';

type Props = { rows: string[][]; columnCount: number; control: Control<ContactImportBody>; setValue: UseFormSetValue<ContactImportBody> };

// The sheet's first rows under a field choice per column (01-core §2 /contacts/import): name,
// number, email and tags once each ('O campo X já foi selecionado.'), extra info as often as wanted.
export const ColumnMapping = ({ rows, columnCount, control, setValue }: Props) => {
  const { t } = useTranslation();
  const columns = useWatch({ control, name: 'columns' }) ?? [];
  const hasHeader = useWatch({ control, name: 'hasHeader' });
  const choose = (index: number, field: ImportField) => {
    const takenBy = columns.findIndex((column, other) => other !== index && column.field === field);
    if (singleUseFields.includes(field) && takenBy >= 0) {
      toast.error(t('contactImport.errors.columnTaken', { field: t(`contactImport.fields.${field}`) }));
      return;
    }
    setValue(`columns.${index}.field`, field, { shouldValidate: false });
    if (field === 'extraInfo' && !columns[index]?.extraInfoName) {
      setValue(`columns.${index}.extraInfoName`, (hasHeader ? rows[0]?.[index] : '') || t('contactImport.columnName', { number: index + 1 }));
    }
  };
  return (
    <Table size="small" data-testid="contact-import-mapping">
      <TableHead>
        <TableRow>
          {Array.from({ length: columnCount }, (_, index) => (
            <TableCell key={index} sx={{ minWidth: 160, verticalAlign: 'top' }}>
              <TextField
                select
                fullWidth
                size="small"
                label={t('contactImport.columnName', { number: index + 1 })}
                value={columns[index]?.field ?? 'ignore'}
                onChange={(event) => choose(index, event.target.value as ImportField)}
                data-testid={`contact-import-column-${index}`}
              >
                {importFields.map((field) => (
                  <MenuItem key={field} value={field} data-testid={`contact-import-field-${field}`}>
                    {t(`contactImport.fields.${field}`)}
                  </MenuItem>
                ))}
              </TextField>
              {columns[index]?.field === 'extraInfo' && (
                <Controller
                  control={control}
                  name={`columns.${index}.extraInfoName`}
                  render={({ field, fieldState }) => (
                    <TextField
                      {...field}
                      size="small"
                      margin="dense"
                      fullWidth
                      label={t('contactImport.extraInfoName')}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ? t(fieldState.error.message) : undefined}
                    />
                  )}
                />
              )}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, rowIndex) => (
          <TableRow key={rowIndex} sx={rowIndex === 0 && hasHeader ? { '& td': { fontWeight: 600 } } : undefined}>
            {Array.from({ length: columnCount }, (_, index) => (
              <TableCell key={index}>{row[index] ?? ''}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
