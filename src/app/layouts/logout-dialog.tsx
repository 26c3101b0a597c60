import { useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '#features/auth/data/session.ts';
import { flushBeforeLogout, usePendingChanges } from '#features/offline/data/use-pending-changes.ts';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Button } from '#ui/button';
import { useOnline } from '#ui/use-online';

/**
 * Logout confirmation (docs/product/auth.md "Logout"); logout wipes every local table, the API cache and the
 * queue. Online, waiting changes are sent first; offline, the dialog says that N changes will be lost. Controlled,
 * so that the phone's "more" menu can close itself first and leave the dialog alone on screen.
 */
export const LogoutDialog = ({
  isOpen,
  onOpenChange,
  className,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
}) => {
  const { t } = useTranslation(['nav', 'auth', 'common', 'customer']);
  const navigate = useNavigate();
  const online = useOnline();
  const pending = usePendingChanges();
  const pendingCount = pending.status === 'ready' ? pending.data.length : 0;
  const [busy, setBusy] = useState(false);
  return (
    <ModalOverlay className="modal-overlay" isDismissable isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal className={className ? `modal ${className}` : 'modal'}>
        <Dialog className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title">{t('auth:logoutConfirm.title')}</Heading>
              <p>{t('auth:logoutConfirm.text')}</p>
              {pendingCount > 0 && !online ? (
                <Alert tone="warning">{t('customer:pending.lostOnLogout', { count: pendingCount })}</Alert>
              ) : null}
              <div className="dialog__actions">
                <Button variant="secondary" onPress={close}>
                  {t('common:cancel')}
                </Button>
                <Button
                  isDisabled={busy}
                  onPress={() => {
                    setBusy(true);
                    const before = online && pendingCount > 0 ? flushBeforeLogout() : Promise.resolve();
                    void before.then(() => logout()).then(() => navigate(paths.loginMain, { replace: true }));
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
  );
};
