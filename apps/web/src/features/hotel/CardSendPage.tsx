import { ArrowLeftOutlined } from '@ant-design/icons';
import { SessionStorageKey } from '@smartlock/contract';
import { Card, Descriptions, Skeleton, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { readSession } from '../../storage/secureSession';
import { LinkButton } from '../../ui/LinkButton';
import { formatSpan } from '../credentials/validityText';
import { type CardNumberMsg, parseCardNumberMsg } from './cardNumberMsg';
import { HotelCardIssueForm } from './HotelCardIssueForm';

/**
 * Issues the card read on card/manage to a room (card/send): the route rule has kept the card's
 * information (passed in, or from session storage after a reload); without it, or with one that
 * does not read, back to card/manage. The card must still lie on the encoder: it is checked,
 * written for the chosen hotel lock's room, and added to that lock.
 */
export default function CardSendPage() {
  const { t, i18n } = useTranslation();
  const [message, setMessage] = useState<{ value?: CardNumberMsg; ready: boolean }>({ ready: false });
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    void readSession(SessionStorageKey.cardNumberMsg).then((stored) => {
      if (live) setMessage({ value: parseCardNumberMsg(stored), ready: true });
    });
    return () => {
      live = false;
    };
  }, []);

  if (!message.ready) return <Skeleton active paragraph={{ rows: 4 }} />;
  const card = message.value;
  if (!card) return <Navigate to="/card/manage" replace />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%', maxWidth: 760 }} data-testid="card-send-page">
      <LinkButton
        to="/card/manage"
        type="link"
        icon={<ArrowLeftOutlined />}
        style={{ paddingInline: 0 }}
        data-testid="card-send-back"
      >
        {t('hotel.backToCards')}
      </LinkButton>
      <Card size="small" title={t('route.sendCard')}>
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'number',
              label: t('credentialKind.card.number'),
              children: (
                <Typography.Text code data-testid="card-send-number">
                  {card.cardNumber}
                </Typography.Text>
              ),
            },
            ...(card.hotel
              ? [
                  {
                    key: 'hotel',
                    label: t('hotel.writtenFor'),
                    children: (
                      <span data-testid="card-send-hotel">
                        {t('hotel.roomText', {
                          building: card.hotel.building,
                          floor: card.hotel.floor,
                          sector: card.hotel.sector,
                        })}
                        {' · '}
                        {formatSpan(card.hotel.startDate, card.hotel.endDate, { language: i18n.language })}
                      </span>
                    ),
                  },
                ]
              : []),
          ]}
          style={{ marginBottom: 16 }}
        />
        <Typography.Paragraph type="secondary">{t('hotel.sendIntro')}</Typography.Paragraph>
        <HotelCardIssueForm
          key={round}
          expectedCardNumber={card.cardNumber}
          onAnother={() => setRound((before) => before + 1)}
        />
      </Card>
    </Space>
  );
}
