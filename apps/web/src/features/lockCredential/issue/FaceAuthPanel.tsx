import { ErrorCode, FaceIdentifyFrequency, LockRole, nameOf, valuesOf } from '@smartlock/contract';
import { Alert, App, Descriptions, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { CallFailure } from '../../../api/client';
import { errorText } from '../../../api/failureMessage';
import type { LockDetail } from '../../lock/lockApi';
import { useChangeFaceAuthFrequency, useFaceAuthBalance } from '../lockCredentialApi';

const FREQUENCIES = valuesOf(FaceIdentifyFrequency);

/** The i18n key of a face identification frequency. */
export function frequencyKey(frequency: number): string {
  const name = nameOf(FaceIdentifyFrequency, frequency as (typeof FREQUENCIES)[number]);
  return name ? `credentialKind.face.frequency.${name}` : 'credentialKind.face.frequency.other';
}

/**
 * Face identification on a lock: the owner sees the balance bought for it and how often eKey
 * holders must identify their face, and changes that; anyone else is told to ask the lock's
 * administrator.
 */
export function FaceAuthPanel({ detail }: { detail: LockDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const owner = detail.role === LockRole.owner;
  const lockId = detail.lockId;
  const balance = useFaceAuthBalance(lockId, owner);
  const change = useChangeFaceAuthFrequency(lockId);
  const changeFrequency = (frequency: number) =>
    change.mutate(
      { lockId, frequency },
      {
        onSuccess: () => message.success(t('credentialKind.face.frequencySaved')),
        onError: (error) => message.error(errorText(t, error)),
      },
    );

  const contactAdmin =
    !owner ||
    (balance.error instanceof CallFailure &&
      balance.error.failure.kind === 'server' &&
      balance.error.failure.code === ErrorCode.faceAuthContactAdmin);
  if (contactAdmin) {
    return (
      <Alert type="info" showIcon title={t('errors.faceAuthContactAdmin')} data-testid="face-auth-contact-admin" />
    );
  }
  if (balance.isError) return <Alert type="warning" showIcon title={errorText(t, balance.error)} />;
  if (!balance.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      data-testid="face-auth"
      items={[
        {
          key: 'balance',
          label: t('credentialKind.face.balance'),
          children: (
            <span data-testid="face-auth-balance" data-balance={balance.data.balance}>
              {balance.data.balance}
            </span>
          ),
        },
        {
          key: 'frequency',
          label: t('credentialKind.face.frequencyLabel'),
          children: (
            <Select<number>
              value={balance.data.frequency}
              onChange={changeFrequency}
              loading={change.isPending}
              disabled={change.isPending}
              options={FREQUENCIES.map((frequency) => ({ value: frequency, label: t(frequencyKey(frequency)) }))}
              style={{ minWidth: 200 }}
              aria-label={t('credentialKind.face.frequencyLabel')}
              data-testid="face-auth-frequency"
            />
          ),
        },
      ]}
    />
  );
}
