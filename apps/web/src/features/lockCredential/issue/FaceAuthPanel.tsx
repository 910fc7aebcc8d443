import { ErrorCode, FaceIdentifyFrequency, LockRole, nameOf, valuesOf } from '@smartlock/contract';
import { lockCredential } from '@smartlock/contract/refs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Descriptions, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { CallFailure } from '../../../api/client';
import { errorText } from '../../../api/failureMessage';
import { useConsole } from '../../../app/context';
import type { LockDetail } from '../../lock/lockApi';
import { credentialKeys } from '../lockCredentialApi';

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
  const { api } = useConsole();
  const { message } = App.useApp();
  const queries = useQueryClient();
  const owner = detail.role === LockRole.owner;
  const lockId = detail.lockId;
  const balance = useQuery({
    queryKey: credentialKeys.faceAuth(lockId),
    queryFn: () => api.call(lockCredential.getFaceAuthNumBalance, { lockId }),
    enabled: owner,
  });
  const change = useMutation({
    mutationFn: (frequency: number) => api.call(lockCredential.updateFaceAuthFrequency, { lockId, frequency }),
    onSuccess: async () => {
      message.success(t('credentialKind.face.frequencySaved'));
      await queries.invalidateQueries({ queryKey: credentialKeys.faceAuth(lockId) });
    },
    onError: (error) => message.error(errorText(t, error)),
  });

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
              onChange={(frequency) => change.mutate(frequency)}
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
