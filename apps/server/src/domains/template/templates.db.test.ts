import { admin, ERRORS, TemplateType, template, VipStatus } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageTemplates } from '../../db/schema';
import { addLock } from '../../test/devices';
import { loggedInClient } from '../../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../../test/harness';
import { setVipStatus } from '../../test/vip';

let server: TestServer;
let owner: TestClient;
let ownerId: number;
let administrator: TestClient;
let stranger: TestClient;
let lockId: number;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner, uid: ownerId } = await loggedInClient(server, 'tmpl-owner@example.com'));
  ({ client: administrator } = await loggedInClient(server, 'tmpl-admin@example.com'));
  ({ client: stranger } = await loggedInClient(server, 'tmpl-stranger@example.com'));
  lockId = await addLock(owner, 'Room 101');
  await addLock(stranger, 'Elsewhere');
  await owner.call(admin.add, { receiverUsername: 'tmpl-admin@example.com', lockIds: `${lockId}` });
  await setVipStatus(server.app.services.database.db, ownerId, VipStatus.trial);
}, 60_000);
afterAll(async () => server?.close());

const db = () => server.app.services.database.db;
const rows = () => db().select().from(messageTemplates);
const sms = (content: string, name = `SMS ${Math.random()}`) => ({
  channel: 'sms',
  type: TemplateType.passcode,
  name,
  content,
});
const add = (params: Record<string, string | number>, client = owner) => client.callRaw(template.add, params);
const errorOf = async (reply: Promise<{ body: { errorCode: number } }>) => (await reply).body.errorCode;

describe('writing templates', () => {
  it('creates, lists, changes and deletes an owner’s SMS template', async () => {
    const created = await add(sms('Welcome to room {room}. Your passcode is {passcode}, valid {time}.', 'Welcome'));
    expect(created.body.data).toMatchObject({
      channel: 'sms',
      type: TemplateType.passcode,
      name: 'Welcome',
      subject: '',
    });
    const id = dataOf(created).templateId;
    const listed = await owner.call(template.list, { channel: 'sms' });
    expect(listed.body.data?.usable).toBe(true);
    expect(listed.body.data?.list.map((t) => t.name)).toContain('Welcome');
    const changed = await owner.call(template.update, {
      templateId: id,
      name: 'Welcome back',
      content: 'Room {room}, code {passcode}',
    });
    expect(changed.body.data).toMatchObject({ name: 'Welcome back', content: 'Room {room}, code {passcode}' });
    expect((await owner.call(template.remove, { templateId: id })).body.errorCode).toBe(0);
    expect((await owner.call(template.remove, { templateId: id })).body.errorCode).toBe(ERRORS.templateNotFound.code);
  });

  it('keeps an email template’s subject, and none for SMS', async () => {
    const email = await add({
      channel: 'email',
      type: TemplateType.eKey,
      name: 'Key',
      subject: 'Your key to {room}',
      content: 'Open {room} with the app: {appLink}',
    });
    expect(email.body.data).toMatchObject({ subject: 'Your key to {room}', type: TemplateType.eKey });
    const text = await add({ ...sms('{room} {passcode}'), subject: 'ignored' });
    expect(text.body.data?.subject).toBe('');
  });

  it('holds each rule at its boundary and writes nothing when one is broken', async () => {
    const base = '{room}{passcode}';
    expect(await errorOf(add(sms(base + 'a'.repeat(1000 - base.length))))).toBe(0);
    expect(await errorOf(add(sms(base + '房'.repeat(1000 - base.length))))).toBe(0);
    const before = await rows();
    const tooLong = await add(sms(base + 'a'.repeat(1001 - base.length)));
    expect(tooLong.body).toMatchObject({
      errorCode: ERRORS.templateTooLong.code,
      errorMsg: 'The text can have at most 1000 characters.',
    });
    expect(await errorOf(add(sms(`${base} <b>`)))).toBe(ERRORS.templateSpecialCharacters.code);
    expect(await errorOf(add(sms(`${base} 😀`)))).toBe(ERRORS.templateSpecialCharacters.code);
    const missing = await add(sms('Your code is {passcode}'));
    expect(missing.body).toMatchObject({
      errorCode: ERRORS.templateMissingPlaceholders.code,
      errorMsg: 'A passcode template must contain the room and passcode placeholders. Missing: {room}.',
    });
    const unknown = await add(sms(`${base} {floor}`));
    expect(unknown.body.errorMsg).toBe(
      '{floor} is not a placeholder of this template. Use {room} {passcode} {time} {appLink} {unlockLink}.',
    );
    expect(
      await errorOf(add({ channel: 'sms', type: TemplateType.eKey, name: 'Key sms', content: 'Code {passcode}' })),
    ).toBe(ERRORS.templatePlaceholderUnknown.code);
    const email = { channel: 'email', type: TemplateType.passcode, content: base };
    expect(await errorOf(add({ ...email, name: 'Subject 200', subject: 's'.repeat(200) }))).toBe(0);
    const after200 = await rows();
    expect(await errorOf(add({ ...email, name: 'Subject 201', subject: 's'.repeat(201) }))).toBe(
      ERRORS.templateTooLong.code,
    );
    expect(await errorOf(add(sms(base, 'n'.repeat(50))))).toBe(0);
    const after50 = await rows();
    expect(await errorOf(add(sms(base, 'n'.repeat(51))))).toBe(ERRORS.badParameter.code);
    expect(await errorOf(add(sms(base, '   ')))).toBe(ERRORS.badParameter.code);
    expect(await errorOf(add(sms(base, 'n'.repeat(50))))).toBe(ERRORS.templateNameExists.code);
    expect(await rows()).toEqual(after50);
    expect(after200.length).toBe(before.length + 1);
  });
});

describe('who may use templates', () => {
  it('needs the advanced function to write, not to delete; an ended one leaves the list unusable', async () => {
    const kept = await add(sms('{room}: {passcode}', 'Kept'));
    await setVipStatus(db(), ownerId, VipStatus.overdue);
    const before = await rows();
    expect(await errorOf(add(sms('{room}: {passcode}')))).toBe(ERRORS.advancedFunctionRequired.code);
    expect(
      await errorOf(
        owner.call(template.update, {
          templateId: dataOf(kept).templateId,
          name: 'Kept',
          content: '{room} {passcode}!',
        }),
      ),
    ).toBe(ERRORS.advancedFunctionRequired.code);
    expect(await rows()).toEqual(before);
    const listed = await owner.call(template.list, { channel: 'sms' });
    expect(listed.body.data).toMatchObject({ usable: false });
    expect((await owner.call(template.remove, { templateId: dataOf(kept).templateId })).body.errorCode).toBe(0);
    await setVipStatus(db(), ownerId, VipStatus.trial);
  });

  it('shows a lock’s administrator its owner’s templates to send with; another account sees none of them', async () => {
    const mine = await add(sms('{room} {passcode}', 'Front desk'));
    const forLock = await administrator.call(template.list, {
      channel: 'sms',
      lockId,
    });
    expect(forLock.body.data?.usable).toBe(true);
    expect(forLock.body.data?.list.map((t) => t.name)).toContain('Front desk');
    expect((await stranger.call(template.list, { channel: 'sms', lockId })).body.errorCode).toBe(
      ERRORS.noPermission.code,
    );
    const theirs = await stranger.call(template.list, { channel: 'sms' });
    expect(theirs.body.data?.total).toBe(0);
    const id = dataOf(mine).templateId;
    const before = await rows();
    expect(await errorOf(stranger.call(template.remove, { templateId: id }))).toBe(ERRORS.templateNotFound.code);
    expect(await errorOf(administrator.call(template.remove, { templateId: id }))).toBe(ERRORS.templateNotFound.code);
    expect(
      await errorOf(stranger.call(template.update, { templateId: id, name: 'Mine now', content: '{room}{passcode}' })),
    ).toBe(ERRORS.templateNotFound.code);
    expect(await rows()).toEqual(before);
  });
});
