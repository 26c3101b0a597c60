import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button';
import { TextField } from '#ui/text-field';

/** What a form binds to the input: react-hook-form's `register()` answer, or a native form's own handlers. */
export type PasswordRegistration = Pick<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onBlur' | 'onChange'> & {
  ref?: Ref<HTMLInputElement>;
};

/**
 * A password input with its show/hide toggle: the login form's and the account screens'. Its own module, without
 * zod, a form library or the account screens' parts, because the login route ships it.
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
  registration: PasswordRegistration;
}) => {
  const { t } = useTranslation('login');
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
          aria-label={visible ? t('hidePassword') : t('showPassword')}
        >
          {visible ? t('hide') : t('show')}
        </Button>
      }
      {...registration}
    />
  );
};
