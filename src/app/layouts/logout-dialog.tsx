import { useState } from 'react';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '#features/auth/data/session.ts';
import { Button } from '#ui/button';

/** Logout confirmation (SPEC §2 "logout confirmation"); logout wipes every local table. */
export const LogoutButton = ({ className }: { className?: string }) => {
  const { t } = useTranslation(['nav', 'auth', 'common']);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  return (
    <DialogTrigger>
      <Button variant="ghost">{t('nav:logout')}</Button>
      <ModalOverlay className="modal-overlay" isDismissable>
        <Modal className={className ? `modal ${className}` : 'modal'}>
          <Dialog className="dialog">
            {({ close }) => (
              <>
                <Heading slot="title">{t('auth:logoutConfirm.title')}</Heading>
                <p>{t('auth:logoutConfirm.text')}</p>
                <div className="dialog__actions">
                  <Button variant="secondary" onPress={close}>
                    {t('common:cancel')}
                  </Button>
                  <Button
                    isDisabled={busy}
                    onPress={() => {
                      setBusy(true);
                      void logout().then(() => navigate('/login', { replace: true }));
                    }}
                  >
                    {t('auth:logoutConfirm.confirm')}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
};
