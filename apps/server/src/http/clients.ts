import type { Config } from '../config';
import { deriveKey } from '../security/crypto';

/**
 * An application allowed to call the API. The console runs in browsers, so its secret is
 * public by nature (served to every browser): its signature proves integrity and freshness,
 * not identity; the session cookie is what proves who is asking. Server-side API clients keep
 * their secret and receive the access token in the login reply.
 */
export interface AppClient {
  appId: string;
  secret: string;
  kind: 'browser' | 'server';
}

export function appClients(config: Config, rootSecret: string): Map<string, AppClient> {
  const console: AppClient = {
    appId: config.CONSOLE_APP_ID,
    secret: config.CONSOLE_APP_SECRET ?? deriveKey(rootSecret, 'console-app-secret').toString('hex'),
    kind: 'browser',
  };
  return new Map([console, ...config.API_APPS].map((app) => [app.appId, app]));
}
