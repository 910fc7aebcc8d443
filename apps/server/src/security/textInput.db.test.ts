import { EKeyAuthorized, ERRORS, ekey, group, lock, ValidityType } from '@smartlock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLock } from '../test/devices';
import { loggedInClient } from '../test/fixtures';
import { dataOf, startTestServer, type TestClient, type TestServer } from '../test/harness';

/**
 * Names are one line of plain text: no control characters, no line breaks, no text-direction
 * overrides (which would show "invoice\u202etxt.exe" as another name than it is). Remarks may
 * span lines but carry no overrides either. A refusal names the rule in the caller's language
 * and changes nothing.
 */

let server: TestServer;
let owner: TestClient;
let lockId: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await loggedInClient(server, 'names-owner@example.com')).client;
  await loggedInClient(server, 'names-guest@example.com');
  lockId = await addLock(owner, 'Front door');
});
afterAll(() => server?.close());

const lockName = async () => dataOf(await owner.call(lock.detail, { lockId })).lockName;

describe('names and remarks refuse control and text-direction characters', () => {
  it.each([
    ['a line break', 'Front\r\ndoor'],
    ['a tab', 'Front\tdoor'],
    ['a right-to-left override', 'Front\u202erood'],
    ['a directional isolate', 'Front \u2067door\u2069'],
    ['a bell', 'Front\u0007door'],
  ])('a lock renamed with %s is refused with the rule, translated, and keeps its name', async (_what, name) => {
    const reply = await owner.call(lock.rename, { lockId, lockName: name, lang: 'de_DE' });
    expect(reply.status).toBe(400);
    expect(reply.body.errorCode).toBe(ERRORS.invalidCharacters.code);
    expect(reply.body.errorMsg).toMatch(/Steuerzeichen/);
    expect(await lockName()).toBe('Front door');
  });

  it('refuses them in a new group’s name too, creating no group', async () => {
    const before = (await owner.call(group.list, {})).body.data;
    const reply = await owner.call(group.add, { groupName: 'Floor\u202e1' });
    expect(reply.body.errorCode).toBe(ERRORS.invalidCharacters.code);
    expect((await owner.call(group.list, {})).body.data).toEqual(before);
  });

  it('keeps line breaks in an eKey’s remarks, and refuses an override there', async () => {
    const grant = {
      lockId,
      receiverUsername: 'names-guest@example.com',
      validityType: ValidityType.permanent,
      keyRight: EKeyAuthorized.no,
    };
    const refused = await owner.call(ekey.send, { ...grant, remarks: 'Cleaner\u202e' });
    expect(refused.body.errorCode).toBe(ERRORS.invalidCharacters.code);
    const sent = await owner.call(ekey.send, { ...grant, remarks: 'Cleaner\nMondays only' });
    expect(sent.body.errorCode, JSON.stringify(sent.body)).toBe(0);
  });

  it('keeps names of any script', async () => {
    const reply = await owner.call(lock.rename, { lockId, lockName: 'Haustür 前门' });
    expect(reply.body.errorCode, JSON.stringify(reply.body)).toBe(0);
    expect(await lockName()).toBe('Haustür 前门');
  });
});
