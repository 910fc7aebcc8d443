// A passcode valid from now for 24 hours, set on the lock through its gateway.
import { calls, SmartLock, SmartLockError } from '@smartlock/sdk';

const smartlock = new SmartLock({
  baseUrl: process.env.SMARTLOCK_URL ?? 'http://localhost:8080',
  apiKey: process.env.SMARTLOCK_API_KEY ?? '',
});
const lockId = Number(process.env.SMARTLOCK_LOCK_ID);

try {
  const start = Date.now();
  const { passcode, operation } = await smartlock.call(calls.passcode.add, {
    lockId,
    keyboardPwd: process.env.SMARTLOCK_PASSCODE ?? '482913',
    keyboardPwdName: 'Guest, one day',
    startDate: start,
    endDate: start + 24 * 60 * 60 * 1000,
  });
  const end = await smartlock.operationEnd(operation);
  console.log(
    `passcode ${passcode.keyboardPwdId}: ${end.state === 2 ? 'set on the lock' : `not set (error ${end.errorCode})`}`,
  );
} catch (error) {
  if (!(error instanceof SmartLockError)) throw error;
  console.error(`refused: ${error.errorName} (${error.errorCode}): ${error.message}`);
  process.exitCode = 1;
}
