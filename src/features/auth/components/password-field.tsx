import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';

/**
 * A password input with its show/hide toggle: the login form's and the account screens'. Its own module, without
 * zod or the account screens' parts, because the login route ships it.
 */
export const PasswordField = ({
  label,
  description,
  error,
  autoComplete,
  registration,
}: {
  label: string;
  description?: string;
  error: string | undefined;
  autoComplete: 'new-password' | 'current-password';
  registration: UseFormRegisterReturn;
}) => {
  const { t } = useTranslation('auth');
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      label={label}
      {...(description ? { description } : {})}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      error={error}
      adornment={
        // Short visible text so the input keeps its width on a phone; the name says what it shows.
        <Button
          variant="secondary"
          type="button"
          onPress={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
        >
          {visible ? t('login.hide') : t('login.show')}
        </Button>
      }
      {...registration}
    />
  );
};
