import { describe, expect, it } from 'vitest';
import { lock, user } from '../calls';
import type { CallRef } from '../calls/define';
import { RequestParam, signRequest } from '../signature';
import { Caller, type SignedCall } from './index';
import { Timestamps, wireParams } from './wire';

const APP = { appId: 'console', secret: 'secret' };
const ok = (data: unknown) => ({ errorCode: 0, data });

function callerWith(
  reply: { errorCode: number; data: unknown },
  options: { lang?: string; packageName?: string } = {},
) {
  const sent: SignedCall<Blob>[] = [];
  const caller = new Caller<{ errorCode: number; data: unknown }, Blob>({
    app: APP,
    lang: () => options.lang,
    packageName: () => options.packageName,
    send: async (signed) => {
      sent.push(signed);
      return reply;
    },
    dataOf: (raw, call: CallRef) => {
      if (raw.errorCode !== 0) throw new Error(`${call.path}: ${raw.errorCode}`);
      return raw.data;
    },
  });
  return { caller, sent };
}

describe('wire parameters', () => {
  it('are strings, flags 1 and 0, without the parameters that have no value', () => {
    expect(wireParams({ a: 1, b: 'x', c: true, d: false, e: undefined, f: null, g: 0 })).toEqual({
      a: '1',
      b: 'x',
      c: '1',
      d: '0',
      g: '0',
    });
  });

  it('carry timestamps that only go up, even within one millisecond', () => {
    const timestamps = new Timestamps();
    const seen = Array.from({ length: 50 }, () => timestamps.next());
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1] as number);
    expect(seen[0]).toBeGreaterThanOrEqual(Date.now() - 1000);
  });
});

describe('a caller', () => {
  it('signs the parameters with the app, the time, the language and the brand', async () => {
    const { caller, sent } = callerWith(ok({}), { lang: 'de_DE', packageName: 'com.brand' });
    await caller.call(lock.rename, { lockId: 7, lockName: 'Front door' });
    const { fields, call } = sent[0] as SignedCall<Blob>;
    expect(call.path).toBe('/lock/rename');
    expect(fields).toMatchObject({
      lockId: '7',
      lockName: 'Front door',
      [RequestParam.appId]: 'console',
      [RequestParam.lang]: 'de_DE',
      [RequestParam.packageName]: 'com.brand',
    });
    const { [RequestParam.sign]: sign, ...signed } = fields;
    expect(sign).toBe(await signRequest('/lock/rename', signed, 'secret'));
  });

  it('leaves out the language and the brand it does not know', async () => {
    const { caller, sent } = callerWith(ok({}));
    await caller.call(user.getInfo);
    expect(Object.keys(sent[0]?.fields ?? {}).sort()).toEqual(['appId', 'sign', 'timestamp']);
  });

  it('keeps the common parameters a call names itself', async () => {
    const { caller, sent } = callerWith(ok({}), { lang: 'de_DE' });
    await caller.call(user.getInfo, { lang: 'fr_FR', timestamp: 5 });
    expect(sent[0]?.fields).toMatchObject({ lang: 'fr_FR', timestamp: '5' });
  });

  it('gives two calls made at once different timestamps', async () => {
    const { caller, sent } = callerWith(ok({}));
    await Promise.all([caller.call(user.getInfo), caller.call(user.getInfo)]);
    expect(sent[0]?.fields.timestamp).not.toBe(sent[1]?.fields.timestamp);
  });

  it('reads the app late, when it is learnt at the first call', async () => {
    let asked = 0;
    const caller = new Caller<number>({
      app: async () => {
        asked++;
        return APP;
      },
      send: async () => 1,
      dataOf: (raw) => raw,
    });
    expect(asked).toBe(0);
    await caller.call(user.getInfo);
    expect(asked).toBe(1);
  });

  it('hands the files of an upload to the transport, unsigned', async () => {
    const { caller, sent } = callerWith(ok({ width: 1 }));
    const photo = new Blob([new Uint8Array([1])]);
    await caller.callRaw(user.updateUserInfo, { nickname: 'Anna' }, photo);
    expect(sent[0]?.extra).toBe(photo);
    expect(Object.keys(sent[0]?.fields ?? {})).not.toContain('photo');
  });

  it('signs as another app, at a given time, when the call asks for it', async () => {
    const sent: SignedCall<{ at: number }>[] = [];
    const caller = new Caller<number, { at: number }>({
      app: APP,
      send: async (signed) => {
        sent.push(signed);
        return 1;
      },
      signing: (extra) => (extra ? { app: { appId: 'partner', secret: 'other' }, timestamp: extra.at } : {}),
      dataOf: (raw) => raw,
    });
    await caller.call(user.getInfo, {}, { at: 42 });
    const { [RequestParam.sign]: sign, ...signed } = sent[0]?.fields ?? {};
    expect(signed).toEqual({ appId: 'partner', timestamp: '42' });
    expect(sign).toBe(await signRequest('/user/getInfo', signed, 'other'));
  });

  it('gives the data typed by the contract, or the failure its reader throws', async () => {
    const { caller } = callerWith(ok({ lockId: 3, lockName: 'Front door', lockMac: 'AB:CD' }));
    const data = await caller.call(lock.detail, { lockId: 3 });
    const lockId: number = data.lockId;
    expect(lockId).toBe(3);
    const failing = callerWith({ errorCode: -1, data: null }).caller;
    await expect(failing.call(user.getInfo)).rejects.toThrow('/user/getInfo: -1');
  });
});
