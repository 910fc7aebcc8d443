import { type LockCredentialKind, type RemoteOperation, RemoteOperationState } from '@smartlock/contract';
import { App } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFollowOperation } from '../../credentials/useFollowOperation';
import { tabPath } from '../../lock/detail/lockTabs';
import { KINDS } from '../kinds';
import { type CredentialItem, useRefreshCredentials } from '../lockCredentialApi';

/**
 * A credential added on an issue page, followed through the gateway to its end: on success the
 * page says so and goes back to the lock's tab of the kind (unless `stay`); on failure it stays,
 * saying why. `added` is the credential the server made.
 */
export function useIssueOperation(kind: LockCredentialKind, lockId: number, { stay = false } = {}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refresh = useRefreshCredentials();
  const [added, setAdded] = useState<CredentialItem>();
  const [arrived, setArrived] = useState(false);
  const operation = useFollowOperation((followed) => {
    void refresh();
    if (followed.operation.state === RemoteOperationState.success && !stay) {
      message.success(t('credential.done.add'));
      setArrived(true);
    }
  });
  // Leaves once the page has drawn the credential as added (its leave confirmation then off),
  // even when the operation's end was already known as it started.
  useEffect(() => {
    if (arrived) navigate(tabPath(KINDS[kind].tab, lockId));
  }, [arrived, navigate, kind, lockId]);
  const { follow } = operation;
  const start = useCallback(
    (credential: CredentialItem, started: RemoteOperation) => {
      setAdded(credential);
      follow(started);
    },
    [follow],
  );
  return {
    added,
    start,
    followed: operation.followed,
    busy: operation.busy,
    /** It ended: successfully or not. */
    ended: operation.followed !== undefined && !operation.busy,
    succeeded: operation.followed?.operation.state === RemoteOperationState.success,
  };
}
