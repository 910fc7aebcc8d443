import { BellOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { unlockNoticeText } from './unlockNotice';
import { useLive } from './useLive';

/** Tells the lock administrator about unlocks as they happen. */
export function UnlockNotices() {
  const { t, i18n } = useTranslation();
  const { notification } = App.useApp();
  useLive('unlockNotice', (notice) => {
    notification.info({
      title: notice.lockName,
      description: unlockNoticeText(t, notice, i18n.language),
      icon: <BellOutlined />,
      placement: 'bottomRight',
    });
  });
  return null;
}
