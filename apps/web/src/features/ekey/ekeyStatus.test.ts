import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EKeyStatus, valuesOf } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { eKeyRowActions, eKeyStatusColor, eKeyStatusKey } from './ekeyStatus';

type Tree = { [key: string]: string | Tree };
const english = JSON.parse(readFileSync(join(import.meta.dirname, '../../i18n/locales/en_US.json'), 'utf8')) as Tree;
const lookup = (key: string) =>
  key
    .split('.')
    .reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), english);

describe('eKey statuses', () => {
  it('have a label and a colour for every status value, and a label for an unknown one', () => {
    for (const status of valuesOf(EKeyStatus)) {
      const key = eKeyStatusKey(status);
      expect(key, status).not.toBe('ekey.status.other');
      expect(typeof lookup(key), `${status} → ${key}`).toBe('string');
      expect(eKeyStatusColor(status)).not.toBe('');
    }
    expect(eKeyStatusKey('110499')).toBe('ekey.status.other');
    expect(lookup('ekey.status.other')).toContain('{{code}}');
    expect(eKeyStatusColor('110499')).toBe('default');
  });

  it('offer freeze or unfreeze as the status allows', () => {
    expect(eKeyRowActions(EKeyStatus.normal)).toEqual({
      freeze: true,
      unfreeze: false,
      change: true,
      notice: true,
      remove: true,
    });
    expect(eKeyRowActions(EKeyStatus.frozen)).toMatchObject({
      freeze: false,
      unfreeze: true,
      change: true,
      remove: true,
    });
    expect(eKeyRowActions(EKeyStatus.freezing)).toMatchObject({ freeze: false, unfreeze: true });
    expect(eKeyRowActions(EKeyStatus.unfreezing)).toMatchObject({ freeze: true, unfreeze: false });
    expect(eKeyRowActions(EKeyStatus.overdue)).toMatchObject({
      freeze: false,
      unfreeze: false,
      change: true,
      remove: true,
    });
    expect(eKeyRowActions(EKeyStatus.reset)).toEqual({
      freeze: false,
      unfreeze: false,
      change: false,
      notice: false,
      remove: true,
    });
    expect(eKeyRowActions(EKeyStatus.deleted)).toEqual({
      freeze: false,
      unfreeze: false,
      change: false,
      notice: false,
      remove: false,
    });
    expect(eKeyRowActions(EKeyStatus.deleting).remove).toBe(false);
  });
  it('leave an administrator’s key to the owner: another administrator may only send its notice again', () => {
    expect(eKeyRowActions(EKeyStatus.frozen, true)).toEqual({
      freeze: false,
      unfreeze: false,
      change: false,
      notice: true,
      remove: false,
    });
    expect(eKeyRowActions(EKeyStatus.normal, true)).toMatchObject({ freeze: false, change: false, remove: false });
  });
});
