import { DaylightSavingReminder, definitionOf, HotelMode, LockSwitch, RoomStatus, Switch } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { actionOf, actionStart, type RemoteRequest } from './remoteActions';
import type { SettingRequest } from './settingRequests';

const requests: SettingRequest[] = [
  { action: 'setSwitch', name: LockSwitch.unlockNotice, value: Switch.on },
  { action: 'setSwitch', name: LockSwitch.hotelMode, value: HotelMode.off },
  { action: 'setRoomStatus', value: RoomStatus.checkedIn },
  { action: 'setDaylightSavingReminder', value: DaylightSavingReminder.doNotRemind },
  { action: 'setAutoLockTime', seconds: 30 },
  { action: 'setTimezone', offsetMs: 20_700_000 },
  {
    action: 'setPassageMode',
    passageMode: Switch.on,
    periods: [{ weekDays: [1, 2], startMinute: 480, endMinute: 1080 }],
  },
];

describe('settings changes', () => {
  it('start with the call of each, on the lock asked for', () => {
    expect(
      requests.map((request) => ({ path: actionStart(request, 4).call.path, ...actionStart(request, 4).params })),
    ).toEqual([
      { path: '/lock/updateSetting', lockId: 4, type: 'unlockNotice', value: 1 },
      { path: '/lock/updateSetting', lockId: 4, type: 'hotelMode', value: 0 },
      { path: '/lock/updateSetting', lockId: 4, type: 'roomStatus', value: 1 },
      { path: '/lock/updateSetting', lockId: 4, type: 'daylightSavingReminder', value: 3 },
      { path: '/lock/setAutoLockTime', lockId: 4, seconds: 30 },
      { path: '/lock/changeTimezoneRawOffset', lockId: 4, timezoneRawOffset: 20_700_000 },
      {
        path: '/lock/configPassageMode',
        lockId: 4,
        passageMode: 1,
        periods: '[{"weekDays":[1,2],"startMinute":480,"endMinute":1080}]',
      },
    ]);
  });
  it('pass parameters the contract accepts', () => {
    for (const request of requests) {
      const { call, params } = actionStart(request, 4);
      expect(definitionOf(call).params.safeParse(params).success, request.action).toBe(true);
    }
  });
  it('are named by their action, as simple actions are by themselves', () => {
    const simple: RemoteRequest = 'queryDate';
    expect(actionOf(simple)).toBe('queryDate');
    expect(requests.map(actionOf)).toContain('setTimezone');
  });
});
