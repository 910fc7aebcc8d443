import { featureValueOf, LockSwitch, RemoteUnlockSwitch } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import {
  canShareUnlockLink,
  isValidMinutes,
  MAX_VALID_MINUTES,
  parseUnlockToken,
  UNLOCK_LINK_PATH,
  unlockLinkUrl,
  VALIDITY_CHOICES,
  validMinutesOf,
} from './unlockLink';

const TOKEN = 'abcDEF0123456789_-xyzXYZ';

describe('parseUnlockToken', () => {
  it('accepts a well-formed token, trimmed', () => {
    expect(parseUnlockToken(TOKEN)).toBe(TOKEN);
    expect(parseUnlockToken(`  ${TOKEN} `)).toBe(TOKEN);
  });
  it('refuses a missing, short, long or malformed token', () => {
    expect(parseUnlockToken(null)).toBeUndefined();
    expect(parseUnlockToken(undefined)).toBeUndefined();
    expect(parseUnlockToken('')).toBeUndefined();
    expect(parseUnlockToken('short')).toBeUndefined();
    expect(parseUnlockToken('a'.repeat(101))).toBeUndefined();
    expect(parseUnlockToken(`${TOKEN}!`)).toBeUndefined();
    expect(parseUnlockToken(`${TOKEN}=`)).toBeUndefined();
    expect(parseUnlockToken('a'.repeat(20))).toBe('a'.repeat(20));
  });
});

describe('unlockLinkUrl', () => {
  it('builds the public unlock address on this origin', () => {
    expect(unlockLinkUrl('https://console.example', TOKEN)).toBe(
      `https://console.example${UNLOCK_LINK_PATH}?token=${TOKEN}`,
    );
    expect(unlockLinkUrl('http://localhost:5173', TOKEN)).toBe(`http://localhost:5173/unlockByLink?token=${TOKEN}`);
  });
  it('round-trips through the token parser', () => {
    const url = new URL(unlockLinkUrl('https://a.example', TOKEN));
    expect(parseUnlockToken(url.searchParams.get('token'))).toBe(TOKEN);
  });
});

describe('validity choices', () => {
  it('offers 1 hour, 1 day and 7 days, all accepted by the cloud', () => {
    expect(VALIDITY_CHOICES.map((c) => c.minutes)).toEqual([60, 1440, 10080]);
    for (const choice of VALIDITY_CHOICES) expect(isValidMinutes(choice.minutes)).toBe(true);
  });
  it('accepts custom minutes from 1 to 7 days, whole numbers only', () => {
    expect(isValidMinutes(1)).toBe(true);
    expect(isValidMinutes(MAX_VALID_MINUTES)).toBe(true);
    expect(isValidMinutes(0)).toBe(false);
    expect(isValidMinutes(MAX_VALID_MINUTES + 1)).toBe(false);
    expect(isValidMinutes(1.5)).toBe(false);
    expect(isValidMinutes(null)).toBe(false);
  });
  it('gives the minutes of a choice', () => {
    expect(validMinutesOf('hour', null)).toBe(60);
    expect(validMinutesOf('week', 5)).toBe(10080);
    expect(validMinutesOf('custom', 90)).toBe(90);
    expect(validMinutesOf('custom', null)).toBeUndefined();
    expect(validMinutesOf('custom', 0)).toBeUndefined();
  });
});

describe('canShareUnlockLink', () => {
  const door = {
    isParkingLock: false,
    featureValue: featureValueOf(['remoteUnlockSwitch']),
    switches: {},
    hasGateway: 1,
  };
  it('offers a link for a door lock with remote unlock', () => {
    expect(canShareUnlockLink(door)).toBe(true);
    expect(
      canShareUnlockLink({
        ...door,
        featureValue: '0',
        switches: { [LockSwitch.remoteUnlock]: RemoteUnlockSwitch.on },
      }),
    ).toBe(true);
  });
  it('needs a gateway bound to the lock, online or not (a link lasts days)', () => {
    expect(canShareUnlockLink({ ...door, hasGateway: 0 })).toBe(false);
    expect(canShareUnlockLink({ ...door, hasGateway: 1 })).toBe(true);
  });
  it('not for car-park locks, locks without remote unlock, or with it reported off', () => {
    expect(canShareUnlockLink({ ...door, isParkingLock: true })).toBe(false);
    expect(canShareUnlockLink({ ...door, featureValue: '0' })).toBe(false);
    expect(canShareUnlockLink({ ...door, switches: { [LockSwitch.remoteUnlock]: RemoteUnlockSwitch.off } })).toBe(
      false,
    );
  });
});
