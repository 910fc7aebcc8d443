import { hasFeature, type LockFeatureName } from '@smartlock/contract';
import { MANAGE_TABS, type ManageTab } from '../../../app/routeTable';

/** The feature a lock-detail tab needs; eKeys work on every lock. */
const TAB_FEATURE: Record<ManageTab, LockFeatureName | undefined> = {
  ekey: undefined,
  passcode: 'passcode',
  card: 'card',
  fingerprint: 'fingerprint',
  palmVein: 'palmVein',
  face: 'face',
  qrcode: 'qrCode',
};

/** The lock-detail tabs a lock shows, in the spec's order: eKeys always, the rest as the lock supports them. */
export function lockTabs(featureValue: string): ManageTab[] {
  return MANAGE_TABS.filter((tab) => {
    const feature = TAB_FEATURE[tab];
    return feature === undefined || hasFeature(featureValue, feature);
  });
}

/** The tab a /manage/:tab path names, if it is one. */
export function tabOfPath(pathname: string): ManageTab | undefined {
  const name = pathname.split('/')[2];
  return MANAGE_TABS.find((tab) => tab === name);
}

/** The path of a tab of a lock's detail. */
export function tabPath(tab: ManageTab, lockId: number): string {
  return `/manage/${tab}?lockId=${lockId}`;
}

/** How many credentials a tab's label shows, for the kinds the lock detail counts (eKeys, passcodes). */
export function tabCount(tab: ManageTab, counts: { ekey: number; passcode: number } | undefined): number | undefined {
  if (!counts) return undefined;
  if (tab === 'ekey') return counts.ekey;
  if (tab === 'passcode') return counts.passcode;
  return undefined;
}
