import { CheckCircleTwoTone, GiftOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { isVipActive, moneyText, ServiceType, VIP_TRIAL_DAYS, VipStatus } from '@smartlock/contract';
import { order, vip } from '@smartlock/contract/refs';
import { Alert, App, Button, Card, Col, Descriptions, Flex, Form, Radio, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { FieldItem } from '../../components/FieldItem';
import { LoadingOrFailure } from '../../components/LoadingOrFailure';
import { formatDateTime } from '../../i18n/format';
import { usePayment } from '../order/usePayment';
import { CurrencyField, PaymentMethodField, usePaymentChoice } from '../service/PaymentChoice';
import { planChoices, proposedPlan } from '../service/priceChoice';
import { type PriceList, usePriceList, useRefreshCommerce, useVipInfo, type VipInfo } from '../service/serviceQueries';
import { ValueAddedFrame } from '../service/ValueAddedFrame';
import { VipStateTag } from './VipStateTag';

/**
 * The advanced (VIP) function (account/vip): its state, what it unlocks, the free trial (once,
 * lock owners only), and buying or renewing a plan by the number of locks for 1 to 3 years.
 */
export default function VipPage() {
  return (
    <ValueAddedFrame>
      <Vip />
    </ValueAddedFrame>
  );
}

function Vip() {
  const { t } = useTranslation();
  const info = useVipInfo();
  const prices = usePriceList();
  if (!info.data || !prices.data) {
    return (
      <LoadingOrFailure
        error={info.error ?? prices.error}
        retry={() => void Promise.all([info.refetch(), prices.refetch()])}
      />
    );
  }
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={10}>
        <VipState info={info.data} />
      </Col>
      <Col xs={24} xl={14}>
        {info.data.ownedLocks === 0 ? (
          <Alert type="info" showIcon title={t('errors.advancedFunctionOwnerOnly')} data-testid="vip-owner-only" />
        ) : (
          <VipPurchase info={info.data} list={prices.data} />
        )}
      </Col>
    </Row>
  );
}

function VipState({ info }: { info: VipInfo }) {
  const { t, i18n } = useTranslation();
  const { api } = useConsole();
  const { message } = App.useApp();
  const refresh = useRefreshCommerce();
  const [starting, setStarting] = useState(false);

  async function startTrial() {
    setStarting(true);
    try {
      await api.call(vip.startTrial);
      message.success(t('vip.trialStarted', { count: VIP_TRIAL_DAYS }));
      await refresh();
    } catch (error) {
      message.error(errorText(t, error));
    } finally {
      setStarting(false);
    }
  }

  const unlocks = [
    { key: 'templates', to: '/account/smsTmpl' },
    { key: 'export', to: '/console/exportRecord' },
    { key: 'batchUnlock', to: '/console/home' },
  ];
  return (
    <Card
      title={
        <Flex gap={8} align="center">
          {t('route.vip')}
          <VipStateTag display={info.display} />
        </Flex>
      }
      data-testid="vip-card"
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'ends',
            label: t(isVipActive(info.status) ? 'vip.endsAt' : 'vip.endedAt'),
            children: info.endsAt ? formatDateTime(info.endsAt, i18n.language) : '—',
          },
          {
            key: 'plan',
            label: t('vip.plan'),
            children: info.lockLimit
              ? t('vip.planLocks', { count: info.lockLimit })
              : t(info.status === VipStatus.trial ? 'vip.trialPlan' : 'vip.noPlan'),
          },
          {
            key: 'owned',
            label: t('vip.ownedLocks'),
            children: <span data-testid="vip-owned-locks">{info.ownedLocks}</span>,
          },
        ]}
      />
      <Typography.Paragraph strong style={{ marginTop: 16 }}>
        {t('vip.unlocksTitle')}
      </Typography.Paragraph>
      <Flex vertical gap={6}>
        {unlocks.map((item) => (
          <Link key={item.key} to={item.to}>
            <CheckCircleTwoTone twoToneColor="#52c41a" /> {t(`vip.feature.${item.key}`)}
          </Link>
        ))}
      </Flex>
      {info.trialAvailable && info.ownedLocks > 0 ? (
        <Button
          type="primary"
          icon={<GiftOutlined />}
          loading={starting}
          onClick={() => void startTrial()}
          style={{ marginTop: 16 }}
          data-testid="vip-start-trial"
        >
          {t('vip.startTrial', { count: VIP_TRIAL_DAYS })}
        </Button>
      ) : null}
    </Card>
  );
}

/** "1 year", "2 years", "2 Jahre", "2 года": the plural as each language writes it. */
function yearsText(years: number, language: string): string {
  return new Intl.NumberFormat(language.replace('_', '-'), { style: 'unit', unit: 'year', unitDisplay: 'long' }).format(
    years,
  );
}

function VipPurchase({ info, list }: { info: VipInfo; list: PriceList }) {
  const { t, i18n } = useTranslation();
  const { api } = useConsole();
  const payment = usePayment();
  const choice = usePaymentChoice(list);
  const { currency, method } = choice;
  const plans = planChoices(list, currency, info.ownedLocks);
  const [locks, setLocks] = useState(proposedPlan(plans));
  const [years, setYears] = useState(1);
  const plan = plans.find((p) => p.locks === locks && p.covers);
  const money = (minor: number) => moneyText(minor, currency, i18n.language);
  const total = plan ? plan.yearPrice * years : undefined;
  const renewing = info.paidUntil !== null && isVipActive(info.status);

  return (
    <Card title={t(renewing ? 'vip.renewTitle' : 'vip.buyTitle')} data-testid="vip-purchase">
      <Form layout="vertical">
        <CurrencyField list={list} choice={choice} />
        <Form.Item label={t('vip.plan')} extra={t('vip.planHint', { count: info.ownedLocks })}>
          <Radio.Group value={locks} onChange={(event) => setLocks(event.target.value as number)}>
            <Flex vertical gap={8}>
              {plans.map((p) => (
                <Radio key={p.locks} value={p.locks} disabled={!p.covers} data-testid={`vip-plan-${p.locks}`}>
                  {t('vip.planOption', { count: p.locks, price: money(p.yearPrice) })}
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        <FieldItem label={t('vip.years')}>
          <Select
            value={years}
            onChange={setYears}
            style={{ width: 160 }}
            options={Array.from({ length: list.vipMaxYears }, (_, i) => ({
              value: i + 1,
              label: yearsText(i + 1, i18n.language),
            }))}
            data-testid="vip-years"
          />
        </FieldItem>
        <PaymentMethodField list={list} choice={choice} />
      </Form>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Text>
          {t('service.total')}: <strong data-testid="vip-total">{total !== undefined ? money(total) : '—'}</strong>
        </Typography.Text>
        <Button
          type="primary"
          icon={<ShoppingCartOutlined />}
          disabled={!plan || method === undefined}
          onClick={() => {
            if (!plan || method === undefined) return;
            void payment.start(() =>
              api.call(order.create, {
                serviceType: ServiceType.vip,
                quantity: years,
                lockLimit: plan.locks,
                currency,
                paymentMethod: method,
              }),
            );
          }}
          data-testid="vip-pay"
        >
          {total !== undefined ? t('service.pay', { amount: money(total) }) : t('service.payShort')}
        </Button>
      </Flex>
      {payment.dialog}
    </Card>
  );
}
