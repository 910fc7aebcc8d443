import { CredentialKind } from '@smartlock/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EKeyStatusTag } from '../ekey/EKeyStatusTag';
import { CredentialStatusTag } from '../lockCredential/CredentialStatusTag';
import { PasscodeStatusTag } from '../passcode/PasscodeStatusTag';
import { lockCredentialKindOf } from './lockUserKinds';

/** A lock user's credential status, as its own kind's tab shows it (eKey, passcode, card, ...). */
export function LockUserStatusTag({ kind, status }: { kind: string; status: string }) {
  const { t } = useTranslation();
  if (kind === CredentialKind.eKey) return <EKeyStatusTag status={status} />;
  if (kind === CredentialKind.passcode) return <PasscodeStatusTag status={status} />;
  const lockKind = lockCredentialKindOf(kind);
  if (lockKind) return <CredentialStatusTag kind={lockKind} status={Number(status)} />;
  return <Tag>{t('credential.status.other', { code: status })}</Tag>;
}
