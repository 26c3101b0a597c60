import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChunk } from '#lib/chunk-load';
import { preloadNamespaces } from '#i18n/i18n';
import { Button } from '#ui/button';

/*
 * The logout entries. The confirmation dialog (logout-dialog.tsx: the session's API calls, the outbox, the auth
 * texts) loads when it first opens, so that no screen's first frame waits for it; offline, the service worker
 * serves it from the precache like any chunk.
 */

const LogoutDialog = lazy(async () => {
  const [{ LogoutDialog: Dialog }] = await Promise.all([loadChunk(() => import('./logout-dialog.tsx')), preloadNamespaces(['auth'])]);
  return { default: Dialog };
});

type DialogProps = { isOpen: boolean; onOpenChange: (open: boolean) => void; className?: string };

/** The confirmation dialog, loaded and mounted while it is open. */
export const LogoutConfirmation = ({ isOpen, onOpenChange, className }: DialogProps) =>
  isOpen ? (
    <Suspense fallback={null}>
      <LogoutDialog isOpen onOpenChange={onOpenChange} className={className} />
    </Suspense>
  ) : null;

/** The logout entry with its own confirmation dialog (the desktop header, the profile page). */
export const LogoutButton = ({ className }: { className?: string }) => {
  const { t } = useTranslation('nav');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" onPress={() => setOpen(true)}>
        {t('logout')}
      </Button>
      <LogoutConfirmation isOpen={open} onOpenChange={setOpen} className={className} />
    </>
  );
};
