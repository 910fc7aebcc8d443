import { describe, expect, it } from 'vitest';
import { parseGuestToken, spokenDigits, stayOfToken } from './guestToken';

describe('a stay guest link token', () => {
  it('is taken when shaped as the server makes them, refused otherwise', () => {
    const token = `12.${'n'.repeat(24)}.${'m'.repeat(43)}`;
    expect(parseGuestToken(` ${token} `)).toBe(token);
    expect(parseGuestToken(null)).toBeUndefined();
    expect(parseGuestToken('short')).toBeUndefined();
    expect(parseGuestToken(`${token}<script>`)).toBeUndefined();
    expect(stayOfToken(token)).toBe('12');
  });

  it('reads a code digit by digit', () => {
    expect(spokenDigits('482913')).toBe('4 8 2 9 1 3');
  });
});

describe('the guest page route', () => {
  it('is public, at the path the server’s links point to', async () => {
    const { stayGuest } = await import('@smartlock/contract/refs');
    const { PUBLIC_ROUTES } = await import('../../app/routeTable');
    expect(PUBLIC_ROUTES.find((route) => route.path === stayGuest.STAY_GUEST_PATH)).toMatchObject({ public: true });
  });
});
