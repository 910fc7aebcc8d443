// Every lock the key's account can see, page after page.
import { calls, SmartLock } from '@smartlock/sdk';

const smartlock = new SmartLock({
  baseUrl: process.env.SMARTLOCK_URL ?? 'http://localhost:8080',
  apiKey: process.env.SMARTLOCK_API_KEY ?? '',
});

for await (const lock of smartlock.items(calls.lock.list)) {
  console.log(
    `${lock.lockId}\t${lock.lockName}\tbattery ${lock.battery}%\t${lock.hasOnlineGateway ? 'online' : 'offline'}`,
  );
}
