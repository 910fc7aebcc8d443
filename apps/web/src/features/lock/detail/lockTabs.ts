import { hasFeature, type LockCredentialKind, type LockFeatureName } from '@smartlock/contract';
import { MANAGE_TABS, type ManageTab } from '../../../app/manageTabs';

/** The feature a lock-detail tab needs; eKeys work on every lock. */
const TAB_FEATURE: Record<ManageTab, LockFeatureName | undefined> = {
  ekey: undefined,
  passcode: 'passcode',
  card: 'card',
  fingerprint: 'fingerprint',
  palmVein: 'palmVein',
  face: 'face',
  qrcode: 'qrCode',
  keyfob: 'keyFob',
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

/** The lock detail's counts: eKeys and passcodes always, the other kinds when the server sends them. */
export type CredentialCounts = { ekey: number; passcode: number } & Partial<Record<LockCredentialKind, number>>;

/** The count each credential tab shows, by the kind the lock detail counts it under. */
const COUNTED: Record<ManageTab, keyof CredentialCounts> = {
  ekey: 'ekey',
  passcode: 'passcode',
  card: 'card',
  fingerprint: 'fingerprint',
  palmVein: 'palmVein',
  face: 'face',
  qrcode: 'qrCode',
  keyfob: 'keyFob',
};

/** How many credentials a tab's label shows; none when the lock detail does not count that kind. */
export function tabCount(tab: ManageTab, counts: CredentialCounts | undefined): number | undefined {
  const count = counts?.[COUNTED[tab]];
  return typeof count === 'number' ? count : undefined;
}
