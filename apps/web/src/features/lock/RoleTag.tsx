import { LockRole } from '@smartlock/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The user's role on a lock: its owner (primary administrator) or an authorized administrator. */
export function RoleTag({ role }: { role: number }) {
  const { t } = useTranslation();
  return role === LockRole.owner ? (
    <Tag color="blue" data-testid="lock-role">
      {t('lock.role.owner')}
    </Tag>
  ) : (
    <Tag data-testid="lock-role">{t('lock.role.authorizedAdmin')}</Tag>
  );
}
