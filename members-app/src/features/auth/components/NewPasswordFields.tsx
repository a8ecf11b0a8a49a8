import { PasswordField } from '../../../components/FormField.tsx';

export type NewPassword = { password: string; confirmPassword: string };

/** A new password and its confirmation, each with a show/hide toggle (reset and create account). */
export function NewPasswordFields({
  values,
  errors,
  onChange,
  passwordLabel,
}: {
  values: NewPassword;
  errors: { password?: string; confirmPassword?: string };
  onChange: (values: NewPassword) => void;
  passwordLabel: string;
}) {
  return (
    <>
      <PasswordField
        label={passwordLabel}
        name="password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        onChange={(event) => onChange({ ...values, password: event.target.value })}
      />
      <PasswordField
        label="Confirm password"
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={(event) => onChange({ ...values, confirmPassword: event.target.value })}
      />
    </>
  );
}
