import { Visibility, VisibilityOff } from '@mui/icons-material';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'variant'> & { testId?: string };

export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(({ testId, ...props }, ref) => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const label = visible ? t('common.hidePassword') : t('common.showPassword');
  return (
    <TextField
      {...props}
      inputRef={ref}
      type={visible ? 'text' : 'password'}
      slotProps={{
        htmlInput: { 'data-testid': testId, autoComplete: props.autoComplete },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton onClick={() => setVisible((value) => !value)} edge="end" aria-label={label} data-testid={testId ? `${testId}-toggle` : undefined}>
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
});
PasswordField.displayName = 'PasswordField';
