import { definitionOf } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { actionStart, confirmationOf, REMOTE_ACTIONS } from './remoteActions';

describe('remote actions', () => {
  it('start with the call of each, on the lock asked for', () => {
    const started = Object.fromEntries(
      REMOTE_ACTIONS.map((action) => {
        const { call, params } = actionStart(action, 12);
        return [action, { path: call.path, params }];
      }),
    );
    expect(started).toEqual({
      unlock: { path: '/lock/unlock', params: { lockId: 12 } },
      lock: { path: '/lock/lock', params: { lockId: 12 } },
      raise: { path: '/lock/controlParkingLock', params: { lockId: 12, action: 'raising' } },
      lower: { path: '/lock/controlParkingLock', params: { lockId: 12, action: 'lowering' } },
      queryState: { path: '/lock/queryState', params: { lockId: 12 } },
      queryDate: { path: '/lock/queryDate', params: { lockId: 12 } },
      updateDate: { path: '/lock/updateDate', params: { lockId: 12 } },
      remoteUnlockOn: { path: '/lock/updateSetting', params: { lockId: 12, type: 'remoteUnlock', value: 1 } },
      remoteUnlockOff: { path: '/lock/updateSetting', params: { lockId: 12, type: 'remoteUnlock', value: 2 } },
    });
  });
  it('pass parameters the contract accepts', () => {
    for (const action of REMOTE_ACTIONS) {
      const { call, params } = actionStart(action, 12);
      expect(definitionOf(call).params.safeParse(params).success, action).toBe(true);
    }
  });
  it('ask before what opens the lock to whoever is there (unlock, lowering a car-park lock), and only then', () => {
    const asked = REMOTE_ACTIONS.filter((action) => confirmationOf(action) !== undefined);
    expect(asked).toEqual(['unlock', 'lower']);
    expect(confirmationOf('unlock')).toEqual({
      title: 'remote.confirm.unlockTitle',
      content: 'remote.confirm.unlockBody',
    });
  });
});
