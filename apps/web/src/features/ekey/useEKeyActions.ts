import { ekey } from '@smartlock/contract/refs';
import { App } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import type { EKeyItem } from './ekeyApi';
import { useRefreshEKeys } from './ekeyApi';

/**
 * What the eKey tab does at once or after a plain confirmation: freeze and unfreeze a key, send
 * its notice, delete it; freeze or unfreeze all the user sent on the lock; reset the lock's keys.
 * Each says what it did (with how many keys changed) or why it failed, then refreshes the tab.
 */
export function useEKeyActions(lockId: number) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const { modal, message } = App.useApp();
  const refresh = useRefreshEKeys();

  const attempt = useCallback(
    async (work: () => Promise<string>) => {
      try {
        message.success(await work());
      } catch (error) {
        message.error(errorText(t, error));
      } finally {
        await refresh();
      }
    },
    [message, refresh, t],
  );

  const freeze = useCallback(
    (item: EKeyItem) =>
      attempt(async () => {
        await api.call(ekey.freeze, { keyId: item.keyId });
        return t('ekey.done.freeze');
      }),
    [api, attempt, t],
  );

  const unfreeze = useCallback(
    (item: EKeyItem) =>
      attempt(async () => {
        await api.call(ekey.unfreeze, { keyId: item.keyId });
        return t('ekey.done.unfreeze');
      }),
    [api, attempt, t],
  );

  const notice = useCallback(
    async (item: EKeyItem, channel: 'email' | 'sms') => {
      try {
        await api.call(ekey.sendNotice, { keyId: item.keyId, channel });
        message.success(t(channel === 'email' ? 'notice.sentEmail' : 'notice.sentSms'));
      } catch (error) {
        message.error(errorText(t, error));
      }
    },
    [api, message, t],
  );

  const remove = useCallback(
    (item: EKeyItem) => {
      modal.confirm({
        title: t('ekey.confirm.deleteTitle', { name: item.keyName || item.username }),
        content: t('ekey.confirm.deleteWarning', { user: item.username }),
        okText: t('ekey.action.delete'),
        okButtonProps: { danger: true, 'data-testid': 'ekey-delete-confirm' },
        onOk: () =>
          attempt(async () => {
            await api.call(ekey.remove, { keyId: item.keyId });
            return t('ekey.done.delete');
          }),
      });
    },
    [api, attempt, modal, t],
  );

  /** A bulk change of the keys the user sent on this lock, or of all of its keys: asks, then says how many changed. */
  const bulk = useCallback(
    (kind: 'freezeAll' | 'unfreezeAll' | 'reset') => {
      const call = kind === 'freezeAll' ? ekey.freezeAll : kind === 'unfreezeAll' ? ekey.unfreezeAll : ekey.reset;
      modal.confirm({
        title: t(`ekey.confirm.${kind}Title`),
        content: t(`ekey.confirm.${kind}Warning`),
        okText: t(`ekey.bulk.${kind}`),
        okButtonProps: { danger: kind === 'reset', 'data-testid': `ekey-${kind}-confirm` },
        onOk: () =>
          attempt(async () => {
            const { count } = await api.call(call, { lockId });
            return t(`ekey.done.${kind}`, { count });
          }),
      });
    },
    [api, attempt, lockId, modal, t],
  );

  return useMemo(() => ({ freeze, unfreeze, notice, remove, bulk }), [freeze, unfreeze, notice, remove, bulk]);
}
