import type { RemoteOperation } from '@smartlock/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useConsole } from '../../app/context';
import { useLiveChannel } from '../../live/context';
import { browserTimers } from '../../live/reconnectingStream';
import { FOLLOW_DEFAULTS, followOperation } from '../lock/remoteOperation/followOperation';
import { sourcesFor } from '../lock/remoteOperation/useRemoteOperation';
import { type FollowedOperation, hasEnded } from './credentialOperation';

/**
 * Follows a credential change that went to the gateway (a passcode added, changed or deleted) to
 * its end, on the live channel or by polling as lock settings do; `onEnd` hears its end once.
 */
export function useFollowOperation(onEnd?: (followed: FollowedOperation) => void) {
  const { api } = useConsole();
  const channel = useLiveChannel();
  const [followed, setFollowed] = useState<FollowedOperation>();
  const cancel = useRef<() => void>(undefined);
  const mounted = useRef(true);
  const ended = useRef(onEnd);
  useEffect(() => {
    ended.current = onEnd;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      cancel.current?.();
    };
  }, []);

  const follow = useCallback(
    (started: RemoteOperation) => {
      cancel.current?.();
      const show = (next: FollowedOperation) => {
        if (!mounted.current) return;
        setFollowed(next);
        if (hasEnded(next)) ended.current?.(next);
      };
      show({ operation: started, timedOut: false });
      cancel.current = followOperation(started, sourcesFor(channel, api, started), show, {
        ...FOLLOW_DEFAULTS,
        timers: browserTimers,
      });
    },
    [api, channel],
  );

  const clear = useCallback(() => {
    cancel.current?.();
    setFollowed(undefined);
  }, []);

  return { followed, follow, clear, busy: followed !== undefined && !hasEnded(followed) };
}
