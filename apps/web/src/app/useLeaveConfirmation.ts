import { App } from 'antd';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Unsaved changes prompt a leave confirmation (spec section 5): moving to another screen of the
 * console asks first, and so does closing or reloading the browser tab. Changing only the query
 * of the same screen (a language in the URL) is not leaving.
 */
export function useLeaveConfirmation(dirty: boolean): void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  // Read when a navigation happens: the value of the latest render, even before the router has
  // taken this render's blocker (a screen that leaves from an effect right after saving).
  const dirtyNow = useRef(dirty);
  useLayoutEffect(() => {
    dirtyNow.current = dirty;
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirtyNow.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    const settle = (leave: boolean) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    };
    modal.confirm({
      title: t('unsaved.title'),
      content: t('unsaved.leave'),
      okText: t('unsaved.discard'),
      cancelText: t('unsaved.stay'),
      okButtonProps: { danger: true, 'data-testid': 'leave-confirm' },
      onOk: () => settle(true),
      onCancel: () => settle(false),
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
