import {
  CrownOutlined,
  MailOutlined,
  MessageOutlined,
  ScanOutlined,
  ShoppingCartOutlined,
  SmileOutlined,
} from '@ant-design/icons';
import { moneyText, ServiceType } from '@smartlock/contract';
import { Button, Card, Col, Flex, Row, Statistic, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConsole } from '../../app/context';
import { LoadingOrFailure } from '../../ui/LoadingOrFailure';
import { createOrder } from '../order/orderApi';
import { usePayment } from '../order/usePayment';
import { VipStateTag } from '../vip/VipStateTag';
import { PurchaseDialog } from './PurchaseDialog';
import { priceIn, serviceName } from './priceChoice';
import { useBalances, usePriceList, useVipInfo } from './serviceQueries';
import { ValueAddedFrame } from './ValueAddedFrame';

const ICONS: Record<number, ReactNode> = {
  [ServiceType.sms]: <MessageOutlined />,
  [ServiceType.email]: <MailOutlined />,
  [ServiceType.faceIdentify]: <SmileOutlined />,
  [ServiceType.fingerprint]: <ScanOutlined />,
};

/** What each unit service is used for (service.use.*). */
const USES: Record<number, string> = {
  [ServiceType.sms]: 'service.use.sms',
  [ServiceType.email]: 'service.use.email',
  [ServiceType.faceIdentify]: 'service.use.faceIdentify',
  [ServiceType.fingerprint]: 'service.use.fingerprint',
};

/**
 * Value-added services (account/service): the account's units of each service with what they
 * are used for and the lowest unit price, "Buy" for each, and the advanced function's state.
 */
export default function ServicesPage() {
  return (
    <ValueAddedFrame>
      <Services />
    </ValueAddedFrame>
  );
}

function Services() {
  const { t, i18n } = useTranslation();
  const { api } = useConsole();
  const prices = usePriceList();
  const balances = useBalances();
  const vip = useVipInfo();
  const payment = usePayment();
  const [buying, setBuying] = useState<number>();

  if (!prices.data || !balances.data) {
    return (
      <LoadingOrFailure
        error={prices.error ?? balances.error}
        retry={() => void Promise.all([prices.refetch(), balances.refetch()])}
      />
    );
  }
  const list = prices.data;
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('service.intro')}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {list.services.map((offer) => {
          const unit = priceIn(offer.unitPrices, list.defaultCurrency);
          return (
            <Col key={offer.serviceType} xs={24} sm={12} xl={6}>
              <Card
                title={
                  <Flex gap={8} align="center">
                    {ICONS[offer.serviceType]}
                    {t(serviceName(offer.serviceType))}
                  </Flex>
                }
                data-testid={`service-card-${offer.serviceType}`}
              >
                <Statistic
                  title={t('service.balance')}
                  value={balances.data.get(offer.serviceType) ?? 0}
                  valueRender={(node) => <span data-testid={`service-balance-${offer.serviceType}`}>{node}</span>}
                />
                <Typography.Paragraph type="secondary" style={{ minHeight: 44, marginTop: 8 }}>
                  {t(USES[offer.serviceType] ?? '')}
                </Typography.Paragraph>
                <Flex justify="space-between" align="center" wrap gap={8}>
                  <Typography.Text type="secondary">
                    {unit !== undefined
                      ? t('service.from', {
                          price: moneyText(unit, list.defaultCurrency, i18n.language),
                          unit: t(`commerce.unit.${serviceName(offer.serviceType).split('.').pop()}`),
                        })
                      : null}
                  </Typography.Text>
                  <Button
                    type="primary"
                    icon={<ShoppingCartOutlined />}
                    onClick={() => setBuying(offer.serviceType)}
                    data-testid={`service-buy-${offer.serviceType}`}
                  >
                    {t('service.buy')}
                  </Button>
                </Flex>
              </Card>
            </Col>
          );
        })}
      </Row>
      <Card
        title={
          <Flex gap={8} align="center">
            <CrownOutlined />
            {t('route.vip')}
            {vip.data ? <VipStateTag display={vip.data.display} /> : null}
          </Flex>
        }
        extra={
          <Link to="/account/vip" data-testid="service-vip-link">
            {t('service.manageVip')}
          </Link>
        }
      >
        <Typography.Paragraph style={{ margin: 0 }}>{t('vip.unlocks')}</Typography.Paragraph>
      </Card>
      {buying !== undefined ? (
        <PurchaseDialog
          list={list}
          serviceType={buying}
          onClose={() => setBuying(undefined)}
          onPay={(choice) => {
            setBuying(undefined);
            void payment.start(() => createOrder(api, choice));
          }}
        />
      ) : null}
      {payment.dialog}
    </Flex>
  );
}
