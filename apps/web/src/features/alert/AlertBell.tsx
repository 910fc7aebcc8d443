import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton';
import { useUnreadAlerts } from './alertApi';

/**
 * The header's bell: the account's unread alerts, kept live (an `alert` live message refreshes
 * the count), leading to the notification centre. Its accessible name says the count.
 */
export function AlertBell() {
  const { t } = useTranslation();
  const unread = useUnreadAlerts().data?.unread ?? 0;
  return (
    <LinkButton
      to="/alert/list"
      type="text"
      data-testid="alert-bell"
      data-unread={unread}
      aria-label={t('header.alerts', { count: unread })}
      title={t('header.alerts', { count: unread })}
      icon={
        <Badge count={unread} size="small" overflowCount={99} aria-hidden>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      }
    />
  );
}
