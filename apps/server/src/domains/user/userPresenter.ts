import { countryName, type DataOf, type Locale, type user as userCalls } from '@smartlock/contract';
import type { UserRow } from './userQueries';

/** The user-info reply of spec section 3, from an account row. */
export function presentUserInfo(
  row: UserRow,
  locale: Locale,
  gateways: { hasGateway: 0 | 1; hasOnlineGateway: 0 | 1 },
  paidUserStatus: number,
): DataOf<typeof userCalls.getInfo> {
  return {
    uid: row.id,
    userId: row.email ?? row.mobile ?? '',
    countryId: row.countryId,
    countryCode: row.countryCode,
    countryName: countryName(row.countryId, locale),
    mobile: row.mobile ?? '',
    email: row.email ?? '',
    nickname: row.nickname,
    headUrl: row.headUrl,
    hasGateway: gateways.hasGateway,
    hasOnlineGateway: gateways.hasOnlineGateway,
    paidUserStatus,
    balance: row.balanceCents / 100,
    isLogin: true,
  };
}
