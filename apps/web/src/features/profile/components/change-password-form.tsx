import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translate.ts';
import { useDialogs } from '../../../components/ui/dialogs.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useChangePassword } from '../api/change-password.ts';
import { validatePasswordChange } from '../validation.ts';

interface ChangePasswordFormProps {
  phoneNumber: string;
  /** After the server accepted the new password (the app keeps remembered credentials in step). */
  onChanged?: (newPassword: string) => void;
}

/** Spec dialog 13: old, new and confirmation; 'เปลี่ยนรหัสผ่านสำเร็จ' on success. */
export function ChangePasswordForm({ phoneNumber, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const { showError, showSuccess } = useDialogs();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const mutation = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePasswordChange({ oldPassword, newPassword, confirmPassword });
    if (problem) return showError(problem);
    mutation.mutate(
      { phone_number: phoneNumber, old_Password: oldPassword, Password: newPassword, Confirm_Password: confirmPassword },
      {
        onSuccess: () => {
          onChanged?.(newPassword);
          setOldPassword('');
          setNewPassword('');
          setConfirmPassword('');
          showSuccess(t('profile.changePasswordSuccess'));
        },
        onError: (error) => showError(errorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="card space-y-4 p-4" data-testid="change-password-form">
      <h2 className="text-base font-bold text-primary">{t('profile.changePasswordTitle')}</h2>
      <Field label={t('profile.oldPassword')}>
        <PasswordInput autoComplete="current-password" value={oldPassword} maxLength={64} onChange={(e) => setOldPassword(e.target.value)} data-testid="old-password" />
      </Field>
      <Field label={t('profile.newPassword')}>
        <PasswordInput autoComplete="new-password" value={newPassword} maxLength={64} onChange={(e) => setNewPassword(e.target.value)} data-testid="new-password" />
      </Field>
      <Field label={t('profile.confirmNewPassword')}>
        <PasswordInput autoComplete="new-password" value={confirmPassword} maxLength={64} onChange={(e) => setConfirmPassword(e.target.value)} data-testid="confirm-new-password" />
      </Field>
      <button type="submit" className="btn-primary w-full" disabled={mutation.isPending} data-testid="change-password-submit">
        {mutation.isPending ? t('common.loading') : t('profile.changePasswordButton')}
      </button>
    </form>
  );
}
