import { useTranslation } from 'react-i18next';
import type { useTextFieldProps } from '../../components/use-text-field-props.ts';
import { PasswordField } from '../users/password-field.tsx';

type FieldProps = ReturnType<ReturnType<typeof useTextFieldProps>>;

// The new password and its confirmation (password-confirmation.ts checks they match).
export const NewPasswordFields = ({ password, confirmation, testId, autoFocus = false }: { password: FieldProps; confirmation: FieldProps; testId: string; autoFocus?: boolean }) => {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField {...password} label={t('choosePassword.newPassword')} autoComplete="new-password" autoFocus={autoFocus} testId={`${testId}-new`} />
      <PasswordField {...confirmation} label={t('choosePassword.confirmation')} autoComplete="new-password" testId={`${testId}-confirmation`} />
    </>
  );
};
