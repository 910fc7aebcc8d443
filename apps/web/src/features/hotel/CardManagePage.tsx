import { ClearOutlined, PlusOutlined, ScanOutlined, SendOutlined, SettingOutlined } from '@ant-design/icons';
import { PAGE_SIZE } from '@smartlock/contract';
import { Alert, App, Button, Card, Descriptions, Flex, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { pagination } from '../../app/pagination';
import { DriverDevicePicker } from '../../driver/DriverDevicePicker';
import { type DriverResult, sharedDriverClient } from '../../driver/driverClient';
import { driverErrorText } from '../../driver/useDriver';
import { LinkButton } from '../../ui/LinkButton';
import { LoadError } from '../../ui/LoadError';
import { formatSpan } from '../credentials/validityText';
import { tabPath } from '../lock/detail/lockTabs';
import { CredentialStatusTag } from '../lockCredential/CredentialStatusTag';
import type { CardNumberMsg } from './cardNumberMsg';
import { useLocksByCard } from './hotelApi';

type ReadCard = DriverResult<'readCard'>;

/** The locks of the caller that hold a card number, a page at a time. */
function CardLocks({ cardNumber }: { cardNumber: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState<{ pageNo: number; pageSize: number }>({ pageNo: 1, pageSize: PAGE_SIZE.default });
  const locks = useLocksByCard(cardNumber, page);
  type Row = NonNullable<typeof locks.data>['list'][number];
  if (locks.isError) return <LoadError error={locks.error} retry={() => void locks.refetch()} />;
  return (
    <Table<Row>
      size="small"
      rowKey="credentialId"
      dataSource={locks.data?.list}
      loading={locks.isPending || locks.isFetching}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: locks.isPending ? ' ' : t('hotel.noLocksHold') }}
      onRow={(row) => ({ 'data-testid': 'card-lock-row', 'data-lock-id': String(row.lockId) }) as object}
      pagination={
        locks.data && locks.data.total > 0
          ? { ...pagination(t, locks.data), onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }) }
          : false
      }
      columns={[
        {
          key: 'status',
          title: t('credential.column.status'),
          dataIndex: 'status',
          render: (status: number) => <CredentialStatusTag kind="card" status={status} />,
        },
        {
          key: 'lock',
          title: t('credential.column.lock'),
          render: (_value, row) => <Link to={tabPath('card', row.lockId)}>{row.lockName}</Link>,
        },
        {
          key: 'validity',
          title: t('credential.column.validity'),
          render: (_value, row) =>
            row.startDate !== null && row.endDate !== null
              ? formatSpan(row.startDate, row.endDate, { language: i18n.language })
              : t('validity.permanent'),
        },
      ]}
      data-testid="card-locks-table"
    />
  );
}

/**
 * Cards (card/manage): reads the card lying on the card encoder (through the local driver): its
 * number, the hotel room and validity written on it, and the caller's locks holding it; erases
 * it; or sends it to a room (card/send, with the card's information kept for that screen).
 */
export default function CardManagePage() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [deviceId, setDeviceId] = useState<string>();
  const [read, setRead] = useState<ReadCard>();
  const [busy, setBusy] = useState<'read' | 'erase'>();
  const [error, setError] = useState<string>();

  async function readCard() {
    if (!deviceId) return;
    setBusy('read');
    setError(undefined);
    try {
      setRead(await sharedDriverClient().request('readCard', { deviceId }));
    } catch (failure) {
      setRead(undefined);
      setError(driverErrorText(t, failure));
    } finally {
      setBusy(undefined);
    }
  }

  function eraseCard() {
    if (!deviceId) return;
    modal.confirm({
      title: t('hotel.eraseTitle'),
      content: t('hotel.eraseWarning'),
      okText: t('hotel.erase'),
      okButtonProps: { danger: true, 'data-testid': 'card-erase-confirm' },
      onOk: async () => {
        setBusy('erase');
        setError(undefined);
        try {
          const { cardNumber } = await sharedDriverClient().request('eraseCard', { deviceId });
          setRead(undefined);
          message.success(t('hotel.erased', { number: cardNumber }));
        } catch (failure) {
          setError(driverErrorText(t, failure));
        } finally {
          setBusy(undefined);
        }
      },
    });
  }

  function send() {
    if (!read) return;
    const cardNumberMsg: CardNumberMsg = { cardNumber: read.cardNumber, hotel: read.hotel };
    navigate('/card/send', { state: { cardNumberMsg } });
  }

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1000 }} data-testid="card-manage-page">
      <Flex gap={8} wrap justify="flex-end">
        <LinkButton to="/card/issue" data-testid="card-issue-link" type="primary" icon={<PlusOutlined />}>
          {t('route.issueHotelCard')}
        </LinkButton>
        <LinkButton to="/card/props" data-testid="card-props-link" icon={<SettingOutlined />}>
          {t('route.cardSettings')}
        </LinkButton>
      </Flex>
      <Card size="small" title={t('driver.encoder')}>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('hotel.manageIntro')}</Typography.Text>
          <DriverDevicePicker
            kind="cardEncoder"
            value={deviceId}
            onChange={setDeviceId}
            disabled={busy !== undefined}
          />
          <Space wrap>
            <Button
              type="primary"
              icon={<ScanOutlined />}
              onClick={() => void readCard()}
              loading={busy === 'read'}
              disabled={!deviceId || busy !== undefined}
              data-testid="card-read"
            >
              {t('credentialKind.card.readCard')}
            </Button>
            <Button
              danger
              icon={<ClearOutlined />}
              onClick={eraseCard}
              loading={busy === 'erase'}
              disabled={!deviceId || busy !== undefined}
              data-testid="card-erase"
            >
              {t('hotel.erase')}
            </Button>
          </Space>
          {error ? <Alert type="error" showIcon title={error} data-testid="card-manage-error" /> : null}
        </Flex>
      </Card>
      {read ? (
        <Card
          size="small"
          title={t('hotel.readTitle')}
          extra={
            <Button type="primary" icon={<SendOutlined />} onClick={send} data-testid="card-send">
              {t('hotel.sendToRoom')}
            </Button>
          }
          data-testid="card-read-result"
        >
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'number',
                label: t('credentialKind.card.number'),
                children: (
                  <Typography.Text code copyable data-testid="card-read-number">
                    {read.cardNumber}
                  </Typography.Text>
                ),
              },
              {
                key: 'hotel',
                label: t('hotel.writtenFor'),
                children: read.hotel ? (
                  <span data-testid="card-read-hotel">
                    {t('hotel.roomText', {
                      building: read.hotel.building,
                      floor: read.hotel.floor,
                      sector: read.hotel.sector,
                    })}
                  </span>
                ) : (
                  <Typography.Text type="secondary" data-testid="card-read-hotel">
                    {t('hotel.notHotelCard')}
                  </Typography.Text>
                ),
              },
              ...(read.hotel
                ? [
                    {
                      key: 'mac',
                      label: t('lockDetail.mac'),
                      children: <Typography.Text code>{read.hotel.lockMac}</Typography.Text>,
                    },
                    {
                      key: 'validity',
                      label: t('credential.column.validity'),
                      children: (
                        <span data-testid="card-read-validity">
                          {formatSpan(read.hotel.startDate, read.hotel.endDate, { language: i18n.language })}
                        </span>
                      ),
                    },
                  ]
                : []),
            ]}
            style={{ marginBottom: 16 }}
          />
          <Typography.Title level={5}>{t('hotel.locksHolding')}</Typography.Title>
          <CardLocks cardNumber={read.cardNumber} />
        </Card>
      ) : null}
    </Flex>
  );
}
