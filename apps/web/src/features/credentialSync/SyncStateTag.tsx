import type { CredentialSyncState } from '@smartlock/contract';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { syncReasonKey, syncStateColor, syncStateKey } from './syncState';

/**
 * A credential's state on the lock (pending, on the lock, failed, removal pending) as a tag; a
 * failed one says why in words, and when it is tried again or that it is not.
 */
export function SyncStateTag({
  state,
  error,
  nextRetryAt,
}: {
  state: CredentialSyncState | undefined;
  error?: string | null | undefined;
  nextRetryAt?: number | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  if (!state || state === 'removed') return null;
  const label = t(syncStateKey(state));
  const reason = state === 'failed' && error ? t(syncReasonKey(error), { code: error }) : undefined;
  return (
    <span data-testid="sync-state" data-state={state}>
      <Tag color={syncStateColor(state)} aria-label={t('credentialSync.stateLabel', { state: label })}>
        {label}
      </Tag>
      {reason ? (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }} data-testid="sync-error">
          {t('credentialSync.failedBecause', { reason })}
          {' · '}
          {nextRetryAt
            ? t('credentialSync.retryAt', { time: formatDateTime(nextRetryAt, i18n.language) })
            : t('credentialSync.noMoreRetries')}
        </Typography.Text>
      ) : null}
    </span>
  );
}
