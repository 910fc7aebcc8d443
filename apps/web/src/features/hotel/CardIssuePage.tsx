import { SettingOutlined } from '@ant-design/icons';
import { Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton';
import { HotelCardIssueForm } from './HotelCardIssueForm';

/**
 * Issues a new hotel card for a room (card/issue): the hotel lock, a validity and a name; the
 * card encoder on this computer writes the card, which is then added to the lock.
 */
export default function CardIssuePage() {
  const { t } = useTranslation();
  const [round, setRound] = useState(0);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 760 }} data-testid="card-issue-page">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('hotel.issueIntro')}{' '}
        <LinkButton
          to="/card/props"
          data-testid="card-props-link"
          type="link"
          size="small"
          icon={<SettingOutlined />}
          style={{ paddingInline: 0 }}
        >
          {t('route.cardSettings')}
        </LinkButton>
      </Typography.Paragraph>
      <Card size="small" title={t('route.issueHotelCard')}>
        <HotelCardIssueForm key={round} onAnother={() => setRound((before) => before + 1)} />
      </Card>
    </Space>
  );
}
