import { LoadingOutlined } from '@ant-design/icons';
import type { LockCredentialKind } from '@smartlock/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPending, statusColor, statusKey } from './kinds';

/** A card's, fingerprint's, ... status as a coloured tag, with a spinner while it travels through the gateway. */
export function CredentialStatusTag({ kind, status }: { kind: LockCredentialKind; status: number }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={statusColor(kind, status)}
      icon={isPending(kind, status) ? <LoadingOutlined /> : undefined}
      data-testid="credential-status"
      data-status={status}
    >
      {t(statusKey(kind, status), { code: status })}
    </Tag>
  );
}
