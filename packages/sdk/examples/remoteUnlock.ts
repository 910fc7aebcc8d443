// Unlocks a lock through its gateway and waits for the lock's answer.
import { calls, SmartLock } from '@smartlock/sdk';

const smartlock = new SmartLock({
  baseUrl: process.env.SMARTLOCK_URL ?? 'http://localhost:8080',
  apiKey: process.env.SMARTLOCK_API_KEY ?? '',
});

const started = await smartlock.call(calls.lock.unlock, { lockId: Number(process.env.SMARTLOCK_LOCK_ID) });
const end = await smartlock.operationEnd(started);
console.log(end.state === 2 ? 'unlocked' : `not unlocked (error ${end.errorCode})`);
