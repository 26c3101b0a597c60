import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TitledPage } from '#ui/titled-page';

// The account screens arrive with the authentication issue; until then each shows its title and the way back.
const AuthPlaceholder = ({ titleKey }: { titleKey: 'recover' | 'recoverSms' | 'createPassword' | 'createAccount' | 'renew' | 'loginLink' | 'confirmEmail' }) => {
  const { t } = useTranslation('auth');
  return (
    <TitledPage title={t(`placeholder.${titleKey}`)}>
      <Link to="/login">{t('placeholder.backToLogin')}</Link>
    </TitledPage>
  );
};

export const RecoverPasswordPage = () => <AuthPlaceholder titleKey="recover" />;
export const RecoverSmsPage = () => <AuthPlaceholder titleKey="recoverSms" />;
export const RecoverTokenPage = () => <AuthPlaceholder titleKey="recover" />;
export const CreatePasswordPage = () => <AuthPlaceholder titleKey="createPassword" />;
export const CreateAccountPage = () => <AuthPlaceholder titleKey="createAccount" />;
export const RenewAccessPage = () => <AuthPlaceholder titleKey="renew" />;
export const LoginLinkPage = () => <AuthPlaceholder titleKey="loginLink" />;
export const ConfirmEmailPage = () => <AuthPlaceholder titleKey="confirmEmail" />;
