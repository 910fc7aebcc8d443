import {
  admin,
  ERRORS,
  ekey,
  PasscodeType,
  passcode,
  ServiceType,
  TemplateType,
  template,
  user,
  ValidityType,
  VipStatus,
} from '@smartlock/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, unlockLinks } from '../../db/schema';
import { sha256 } from '../../security/crypto';
import { addLock } from '../../test/devices';
import { loggedInClient, PASSWORD, registerAccount } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { setVipStatus } from '../../test/vip';
import { addUnits, balanceOf } from '../service/serviceQueries';

let server: TestServer;
let owner: TestClient;
let ownerId: number;
let administrator: TestClient;
let lockId: number;
let passcodeId: number;
let code: string;
const GUEST = 'notice-guest@example.com';

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner, uid: ownerId } = await loggedInClient(server, 'notice-owner@example.com'));
  ({ client: administrator } = await loggedInClient(server, 'notice-admin@example.com'));
  // The guest uses the console in German.
  const guest = server.client('de_DE');
  await registerAccount(server, guest, GUEST);
  expect((await guest.call(user.login, { account: GUEST, password: PASSWORD })).body.errorCode).toBe(0);
  lockId = await addLock(owner, 'Room 101');
  await owner.call(admin.add, { receiverUsername: 'notice-admin@example.com', lockIds: `${lockId}` });
  const got = await owner.call(passcode.get, {
    lockId,
    keyboardPwdType: PasscodeType.permanent,
  });
  passcodeId = dataOf(got).keyboardPwdId;
  code = dataOf(got).keyboardPwd;
  await setVipStatus(server.app.services.database.db, ownerId, VipStatus.trial);
}, 60_000);
afterAll(async () => server?.close());

const db = () => server.app.services.database.db;
const smsUnits = () => balanceOf(db(), ownerId, ServiceType.sms);
const lastTo = async (recipient: string) =>
  (await db().select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1))[0];
const sendPasscode = (params: Record<string, string | number>, client = owner) =>
  client.callRaw(passcode.sendNotice, { keyboardPwdId: passcodeId, channel: 'sms', ...params });
const addTemplate = async (params: Record<string, string | number>) => {
  const reply = await owner.callRaw(template.add, params);
  expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
  return dataOf(reply).templateId;
};

describe('paid notices', () => {
  it('a passcode notice by SMS uses one of the owner’s units; with none it is refused and nothing is sent', async () => {
    const empty = await sendPasscode({ receiver: '+61 412 000 001' });
    expect(empty.body).toMatchObject({
      errorCode: ERRORS.smsBalanceEmpty.code,
      errorMsg: 'The SMS balance is used up. Buy more under Value-added services.',
    });
    expect(await lastTo('+61412000001')).toBeUndefined();
    await addUnits(db(), ownerId, ServiceType.sms, 2);
    expect((await sendPasscode({ receiver: '+61 412 000 001' })).body.errorCode).toBe(0);
    expect(await smsUnits()).toBe(1);
    const sent = await lastTo('+61412000001');
    expect(sent).toMatchObject({ channel: 'sms', kind: 'passcodeNotice' });
    expect(sent?.body).toContain(code);
    expect(sent?.body).toContain('Room 101');
  });

  it('written with the owner’s template, by the owner or an administrator, on the owner’s units', async () => {
    await addUnits(db(), ownerId, ServiceType.sms, 5);
    const templateId = await addTemplate({
      channel: 'sms',
      type: TemplateType.passcode,
      name: 'Check-in',
      content: 'Welcome! Room {room}, passcode {passcode} ({time}). App: {appLink}',
    });
    const before = await smsUnits();
    expect((await sendPasscode({ receiver: '+61 412 000 002', templateId }, administrator)).body.errorCode).toBe(0);
    const sent = await lastTo('+61412000002');
    expect(sent?.body).toMatch(new RegExp(`^Welcome! Room Room 101, passcode ${code} \\(.+\\)\\. App: http://`));
    expect(sent?.metadata).toMatchObject({ templateId });
    expect(await smsUnits()).toBe(before - 1);
  });

  it('refuses a template of another channel or kind, and one the owner may no longer use; no unit is used', async () => {
    await addUnits(db(), ownerId, ServiceType.sms, 1);
    const emailTemplate = await addTemplate({
      channel: 'email',
      type: TemplateType.passcode,
      name: 'Mail',
      content: '{room} {passcode}',
    });
    const keyTemplate = await addTemplate({ channel: 'sms', type: TemplateType.eKey, name: 'Key', content: '{room}' });
    const smsTemplate = await addTemplate({
      channel: 'sms',
      type: TemplateType.passcode,
      name: 'Plain',
      content: '{room} {passcode}',
    });
    const before = await smsUnits();
    for (const templateId of [emailTemplate, keyTemplate, 999_999]) {
      expect((await sendPasscode({ receiver: '+61 412 000 003', templateId })).body.errorCode).toBe(
        ERRORS.templateNotFound.code,
      );
    }
    await setVipStatus(db(), ownerId, VipStatus.overdue);
    expect((await sendPasscode({ receiver: '+61 412 000 003', templateId: smsTemplate })).body.errorCode).toBe(
      ERRORS.advancedFunctionRequired.code,
    );
    await setVipStatus(db(), ownerId, VipStatus.trial);
    expect(await smsUnits()).toBe(before);
    expect(await lastTo('+61412000003')).toBeUndefined();
  });

  it('an eKey notice reaches a registered recipient in their language; a template’s {unlockLink} is a working link', async () => {
    const sent = await owner.call(ekey.send, {
      lockId,
      receiverUsername: GUEST,
      validityType: ValidityType.permanent,
    });
    const keyId = dataOf(sent).keyId;
    await addUnits(db(), ownerId, ServiceType.email, 2);
    expect((await owner.call(ekey.sendNotice, { keyId, channel: 'email' })).body.errorCode).toBe(0);
    const standard = await lastTo(GUEST);
    expect(standard).toMatchObject({ locale: 'de_DE', kind: 'ekeyNotice' });
    expect(standard?.subject).toContain('eKey');
    expect(standard?.body).toContain('gesendet');

    const templateId = await addTemplate({
      channel: 'email',
      type: TemplateType.eKey,
      name: 'Open from afar',
      subject: 'Your key to {room}',
      content: 'Open {room} from anywhere: {unlockLink}',
    });
    expect((await owner.call(ekey.sendNotice, { keyId, channel: 'email', templateId })).body.errorCode).toBe(0);
    const linked = await lastTo(GUEST);
    expect(linked?.subject).toBe('Your key to Room 101');
    const token = linked?.body.match(/\/unlockByLink\?token=([A-Za-z0-9_-]+)$/)?.[1] as string;
    expect(token).toBeTruthy();
    const [link] = await db()
      .select()
      .from(unlockLinks)
      .where(and(eq(unlockLinks.tokenHash, sha256(token)), eq(unlockLinks.lockId, lockId)));
    expect(link?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(await balanceOf(db(), ownerId, ServiceType.email)).toBe(0);
  });
});
