import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSignedIn } from '../app/userInfo';
import { Live } from './context';
import { LiveChannel } from './liveChannel';

/** The channel's work, loaded once a user is logged in: the login screen does without it. */
const LiveWiring = lazy(() => import('./LiveWiring'));

/**
 * The console's one live channel: open while a user is logged in (closed at logout or when the
 * session is lost); what it does with its messages is in LiveWiring.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const [channel] = useState(() => new LiveChannel({ connect: (url) => new EventSource(url) }));
  return (
    <Live.Provider value={channel}>
      {signedIn ? (
        <Suspense fallback={null}>
          <LiveWiring channel={channel} />
        </Suspense>
      ) : null}
      {children}
    </Live.Provider>
  );
}
