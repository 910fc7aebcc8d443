import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CardStatus,
  CardType,
  CredentialStatus,
  FingerprintDeviceType,
  featureValueOf,
  hasFeature,
  LOCALES,
  LOCK_CREDENTIAL_KINDS,
  lockCredential,
} from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { MANAGE_TABS } from '../../app/manageTabs';
import { lockTabs, tabPath } from '../lock/detail/lockTabs';
import {
  addPagePath,
  isPending,
  KIND_LIST,
  KINDS,
  kindOfTab,
  kindStatuses,
  rowActions,
  statusColor,
  statusKey,
  statusName,
  typeKey,
} from './kinds';

type Tree = { [key: string]: string | Tree };
const dir = join(import.meta.dirname, '../../i18n/locales');
const catalogue = (locale: string) => JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Tree;
const lookup = (tree: Tree, key: string): string | undefined => {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/** Texts every kind has under credentialKind.<kind>. */
const KIND_TEXTS = [
  'add',
  'number',
  'searchPlaceholder',
  'emptyTitle',
  'emptyHint',
  'noMatch',
  'noMatchHint',
  'issueTitle',
  'backToLock',
  'backToList',
  'notSupported',
  'clearTitle',
  'clearing',
  'cleared',
] as const;

describe('the kind table', () => {
  it('has every kind the contract has, each with its own calls, tab and feature', () => {
    expect(Object.keys(KINDS).sort()).toEqual([...LOCK_CREDENTIAL_KINDS].sort());
    expect(KIND_LIST.map((spec) => spec.kind)).toEqual([...LOCK_CREDENTIAL_KINDS]);
    for (const spec of KIND_LIST) {
      expect(MANAGE_TABS).toContain(spec.tab);
      expect(kindOfTab(spec.tab)).toBe(spec.kind);
      const calls = lockCredential.LOCK_CREDENTIAL_CALLS[spec.kind];
      for (const name of ['list', 'rename', 'changePeriod', 'remove', 'clear', 'add'] as const) {
        expect(calls[name].path, `${spec.kind}.${name}`).toMatch(/^\//);
      }
      // The tab shows exactly on locks with the kind's feature.
      expect(lockTabs(featureValueOf([spec.feature]))).toContain(spec.tab);
      expect(hasFeature(featureValueOf([]), spec.feature)).toBe(false);
    }
    expect(kindOfTab('ekey')).toBeUndefined();
    expect(kindOfTab('passcode')).toBeUndefined();
  });

  it('adds cards, fingerprints, faces and QR codes on their pages, key fobs and palm veins in a dialog', () => {
    expect(addPagePath('card', 7)).toBe('/manage/issueCard?lockId=7');
    expect(addPagePath('fingerprint', 7)).toBe('/manage/issuePrint?lockId=7');
    expect(addPagePath('face', 7)).toBe('/manage/issueFace?lockId=7');
    expect(addPagePath('qrCode', 7)).toBe('/manage/issueQrcode?lockId=7');
    expect(addPagePath('keyFob', 7)).toBeUndefined();
    expect(addPagePath('palmVein', 7)).toBeUndefined();
    expect(KINDS.keyFob.add).toEqual({ dialog: 'keyFob' });
    expect(KINDS.palmVein.add).toEqual({ dialog: 'palmVein' });
    expect(tabPath(KINDS.qrCode.tab, 7)).toBe('/manage/qrcode?lockId=7');
    expect(tabPath(KINDS.keyFob.tab, 7)).toBe('/manage/keyfob?lockId=7');
  });

  it('uses the card statuses (1 to 15) for cards and the credential statuses (1 to 11) for the rest', () => {
    expect(kindStatuses('card')).toEqual(Object.values(CardStatus));
    for (const kind of LOCK_CREDENTIAL_KINDS.filter((k) => k !== 'card')) {
      expect(kindStatuses(kind)).toEqual(Object.values(CredentialStatus));
    }
    expect(statusName('card', CardStatus.lost)).toBe('lost');
    expect(statusName('fingerprint', CardStatus.lost)).toBeUndefined();
    expect(statusKey('fingerprint', 12)).toBe('credential.status.other');
    expect(statusKey('card', CardStatus.uploadLost)).toBe('credential.status.uploadLost');
    expect(statusColor('card', CardStatus.addFailed)).toBe('error');
    expect(statusColor('face', 99)).toBe('default');
  });

  it('shows a card type or a scanner make, and nothing for the other kinds', () => {
    expect(typeKey('card', CardType.ic)).toBe('credential.cardType.ic');
    expect(typeKey('card', CardType.hotel)).toBe('credential.cardType.hotel');
    expect(typeKey('card', 9)).toBe('credential.type.other');
    expect(typeKey('fingerprint', FingerprintDeviceType.scannerA)).toBe('credential.scanner.scannerA');
    expect(typeKey('fingerprint', FingerprintDeviceType.scannerB)).toBe('credential.scanner.scannerB');
    expect(typeKey('fingerprint', null)).toBe('credential.type.none');
    expect(typeKey('face', 1)).toBeUndefined();
    expect(KINDS.face.idNumber).toBe(true);
    expect(KIND_LIST.filter((spec) => spec.idNumber).map((spec) => spec.kind)).toEqual(['face']);
  });
});

describe('what a row allows', () => {
  it('waits on credentials on their way through the gateway', () => {
    for (const status of [
      CardStatus.adding,
      CardStatus.updating,
      CardStatus.deleting,
      CardStatus.tenantAdding,
      CardStatus.tenantUpdating,
      CardStatus.tenantAddingNew,
      CardStatus.tenantUpdatingNew,
      CardStatus.uploadLost,
    ]) {
      expect(isPending('card', status), String(status)).toBe(true);
      expect(rowActions('card', status)).toMatchObject({ remove: false, changeValidity: false, reportLoss: false });
    }
    expect(rowActions('card', CardStatus.deleting).rename).toBe(false);
    expect(rowActions('card', CardStatus.adding).rename).toBe(true);
  });

  it('lets a usable card be changed, reported lost and deleted; a lost one only renamed and deleted', () => {
    expect(rowActions('card', CardStatus.normal)).toEqual({
      rename: true,
      changeValidity: true,
      remove: true,
      reportLoss: true,
      showQr: false,
    });
    expect(rowActions('card', CardStatus.lost)).toEqual({
      rename: true,
      changeValidity: false,
      remove: true,
      reportLoss: false,
      showQr: false,
    });
    expect(rowActions('card', CardStatus.invalid)).toMatchObject({ changeValidity: true, reportLoss: false });
    expect(rowActions('card', CardStatus.addFailed)).toMatchObject({ changeValidity: false, remove: true });
  });

  it('reports only cards lost, and shows only usable QR codes again', () => {
    expect(rowActions('fingerprint', CredentialStatus.normal).reportLoss).toBe(false);
    expect(rowActions('qrCode', CredentialStatus.normal).showQr).toBe(true);
    expect(rowActions('qrCode', CredentialStatus.willBeValid).showQr).toBe(true);
    expect(rowActions('qrCode', CredentialStatus.invalid).showQr).toBe(false);
    expect(rowActions('keyFob', CredentialStatus.normal).showQr).toBe(false);
  });
});

describe('the kinds in every language', () => {
  for (const locale of LOCALES) {
    it(`${locale} has a label for every status of every kind, every type, and every kind's texts`, () => {
      const messages = catalogue(locale);
      for (const kind of LOCK_CREDENTIAL_KINDS) {
        for (const status of kindStatuses(kind)) {
          const key = statusKey(kind, status);
          expect(key, `${kind} ${status}`).not.toBe('credential.status.other');
          expect(lookup(messages, key), `${locale}: ${key}`).toBeTruthy();
        }
        for (const text of KIND_TEXTS) {
          expect(lookup(messages, `credentialKind.${kind}.${text}`), `${locale}: ${kind}.${text}`).toBeTruthy();
        }
        expect(lookup(messages, `route.manage.${KINDS[kind].tab}`), `${locale}: tab ${kind}`).toBeTruthy();
      }
      for (const type of Object.values(CardType)) {
        expect(lookup(messages, typeKey('card', type) ?? ''), `${locale}: card type ${type}`).toBeTruthy();
      }
      for (const type of Object.values(FingerprintDeviceType)) {
        expect(lookup(messages, typeKey('fingerprint', type) ?? ''), `${locale}: scanner ${type}`).toBeTruthy();
      }
      expect(lookup(messages, 'credential.status.other')).toContain('{{code}}');
    });
  }

  it('translates the statuses: no language but English says "Adding failed"', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en_US')) {
      expect(lookup(catalogue(locale), 'credential.status.addFailed'), locale).not.toBe('Adding failed');
    }
  });
});
