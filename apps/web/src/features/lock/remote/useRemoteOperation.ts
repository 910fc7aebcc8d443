import type { RemoteOperation } from '@smartlock/contract';
import { lock } from '@smartlock/contract/refs';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient, CallParams } from '../../../api/client';
import { errorText } from '../../../api/failureMessage';
import { QUERY_ROOT } from '../../../api/queryKeys';
import { useConsole } from '../../../app/context';
import { useLiveChannel } from '../../../live/context';
import type { LiveChannel } from '../../../live/liveChannel';
import { browserTimers } from '../../../live/reconnectingStream';
import { FOLLOW_DEFAULTS, type Followed, followOperation, type OperationSources, serverClock } from './followOperation';
import { isBusy, isFinal, type OperationRun } from './operationView';
import { actionOf, actionStart, confirmationOf, type RemoteAction, type RemoteRequest } from './remoteActions';

/** Where news of an operation comes from: the live channel, and /lock/getRemoteOperation when it must poll. */
export function sourcesFor(channel: LiveChannel, api: ApiClient, started: RemoteOperation): OperationSources {
  return {
    subscribe: (listener) => channel.on('operation', listener),
    recent: (operationId) => channel.recentOperation(operationId),
    liveConnected: () => channel.connected,
    fetch: (operationId) => api.call(lock.getRemoteOperation, { operationId }),
    now: serverClock(started.createdAt),
  };
}

/**
 * Actions on one lock through its gateway: `start` sends one (a simple action or a settings
 * change) and follows it to its end (live, or by polling), refreshing the lock screens when it
 * ends, so a setting shows its new value only once the lock has confirmed it. One action at a
 * time per control. With the lock's name, what opens it (unlock, lowering a car-park lock) is
 * confirmed first, naming the lock; nothing is sent if the user declines.
 */
export function useRemoteOperation(lockId: number, lockName?: string) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const { modal } = App.useApp();
  const channel = useLiveChannel();
  const queries = useQueryClient();
  const [run, setRun] = useState<OperationRun>({ status: 'idle' });
  const cancel = useRef<() => void>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      cancel.current?.();
    };
  }, []);

  /** Follows an operation already started (by this control or elsewhere, e.g. a batch) to its end. */
  const follow = useCallback(
    (action: RemoteAction, started: RemoteOperation) => {
      cancel.current?.();
      const show = ({ operation, timedOut }: Followed) => {
        if (!mounted.current) return;
        setRun({ status: 'following', action, operation, timedOut });
        if (timedOut || isFinal(operation)) {
          void queries.invalidateQueries({ queryKey: QUERY_ROOT.gatewayLocks });
          void queries.invalidateQueries({ queryKey: QUERY_ROOT.lock });
        }
      };
      show({ operation: started, timedOut: false });
      cancel.current = followOperation(started, sourcesFor(channel, api, started), show, {
        ...FOLLOW_DEFAULTS,
        timers: browserTimers,
      });
    },
    [api, channel, queries],
  );

  const start = useCallback(
    async (request: RemoteRequest) => {
      const action = actionOf(request);
      const confirmation = lockName === undefined ? undefined : confirmationOf(action);
      if (confirmation) {
        const confirmed = await modal.confirm({
          title: t(confirmation.title, { name: lockName }),
          content: t(confirmation.content),
          okText: t(`remote.action.${action}`),
          okButtonProps: { 'data-testid': 'remote-confirm' },
          cancelButtonProps: { 'data-testid': 'remote-confirm-cancel' },
        });
        if (!confirmed || !mounted.current) return;
      }
      cancel.current?.();
      setRun({ status: 'starting', action });
      const { call, params } = actionStart(request, lockId);
      let started: RemoteOperation;
      try {
        started = await api.call(call, params as CallParams<typeof call>);
      } catch (error) {
        if (mounted.current) setRun({ status: 'startFailed', action, message: errorText(t, error) });
        return;
      }
      if (!mounted.current) return;
      follow(action, started);
    },
    [api, follow, lockId, lockName, modal, t],
  );

  return { run, start, follow, busy: isBusy(run) };
}

export type RemoteOperationControl = ReturnType<typeof useRemoteOperation>;
