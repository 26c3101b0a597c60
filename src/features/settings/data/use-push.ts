import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '#api/client';
import { disablePush, enablePush, forgetLocalSubscription, readPushStatus, sendTestPush, type PushStatus } from './push.ts';

export type PushNotice = 'testSent' | 'failed' | 'gone' | null;

/**
 * The push panel's state: the device's status (re-read when the browser's permission changes), and its actions.
 * A failed action leaves a notice for the screen; nothing else changes.
 */
export const usePush = () => {
  const [status, setStatus] = useState<PushStatus | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<PushNotice>(null);

  const reread = useCallback(() => {
    void readPushStatus().then(({ status: next }) => setStatus(next), () => setStatus('unsupported'));
  }, []);

  useEffect(() => {
    reread();
    let permission: PermissionStatus | null = null;
    void navigator.permissions
      ?.query({ name: 'notifications' })
      .then((found) => {
        permission = found;
        found.addEventListener('change', reread);
      })
      .catch(() => undefined);
    return () => permission?.removeEventListener('change', reread);
  }, [reread]);

  const act = async (action: () => Promise<PushStatus | void>, success: PushNotice = null): Promise<void> => {
    setBusy(true);
    setNotice(null);
    try {
      const next = await action();
      if (next) setStatus(next);
      setNotice(success);
    } catch (error) {
      // The server no longer knows this device (410/404): enabling again subscribes afresh.
      if (error instanceof ApiError && error.code === 'pushNotSubscribed') {
        setNotice('gone');
        setStatus(await forgetLocalSubscription().catch((): PushStatus => 'off'));
      } else setNotice('failed');
    } finally {
      setBusy(false);
    }
  };

  return {
    status,
    busy,
    notice,
    enable: () => act(enablePush),
    disable: () => act(disablePush),
    test: () => act(sendTestPush, 'testSent'),
  };
};
