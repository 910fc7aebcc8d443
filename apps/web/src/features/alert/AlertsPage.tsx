import { ALERT_KINDS, type AlertItem } from '@smartlock/contract';
import { Button, Flex, List, Select, Space, Switch, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { EmptyWithHint } from '../../ui/EmptyWithHint';
import { LinkButton } from '../../ui/LinkButton';
import { LoadingOrFailure } from '../../ui/LoadingOrFailure';
import { tabPath } from '../lock/detail/lockTabs';
import { recordsPath } from '../lockRecord/recordFilter';
import { AlertSettingsForm } from './AlertSettingsForm';
import { useAlerts, useReadAlert, useReadAllAlerts } from './alertApi';
import { alertDetailText, recordsQueryTypeOf } from './alertText';

const PAGE_SIZE = 20;

/** The notification centre (/alert/list): the account's alerts, and the rules that raise them. */
export default function AlertsPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'list', label: t('alert.tab.list'), children: <AlertList /> },
        { key: 'settings', label: t('alert.tab.settings'), children: <AlertSettingsForm /> },
      ]}
    />
  );
}

function AlertList() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<string>();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const alerts = useAlerts({ pageNo, pageSize: PAGE_SIZE, ...(kind ? { kind } : {}), unreadOnly });
  const readOne = useReadAlert();
  const readAll = useReadAllAlerts();
  const failure = readOne.error ?? readAll.error;

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={16} align="center" justify="space-between">
        <Space wrap>
          <label htmlFor="alert-kind">{t('alert.filter.kind')}</label>
          <Select
            id="alert-kind"
            data-testid="alert-kind"
            style={{ minWidth: 220 }}
            value={kind ?? ''}
            onChange={(value) => {
              setKind(value || undefined);
              setPageNo(1);
            }}
            options={[
              { value: '', label: t('alert.filter.allKinds') },
              ...ALERT_KINDS.map((k) => ({ value: k, label: t(`alerts.kind.${k}`) })),
            ]}
          />
          <Switch
            id="alert-unread-only"
            checked={unreadOnly}
            onChange={(on) => {
              setUnreadOnly(on);
              setPageNo(1);
            }}
          />
          <label htmlFor="alert-unread-only">{t('alert.filter.unreadOnly')}</label>
        </Space>
        <Button
          data-testid="alert-read-all"
          loading={readAll.isPending}
          disabled={(alerts.data?.unread ?? 0) === 0}
          onClick={() => readAll.mutate(kind ? { kind } : {})}
        >
          {t('alert.markAllRead')}
        </Button>
      </Flex>
      {failure ? <Typography.Text type="danger">{errorText(t, failure)}</Typography.Text> : null}
      {alerts.data ? (
        <List
          data-testid="alert-list"
          dataSource={alerts.data.list}
          locale={{
            emptyText: <EmptyWithHint title={t('alert.empty')} hint={t('alert.emptyHint')} testId="alert-empty" />,
          }}
          pagination={
            alerts.data.total > PAGE_SIZE
              ? { current: pageNo, pageSize: PAGE_SIZE, total: alerts.data.total, onChange: setPageNo }
              : false
          }
          renderItem={(item) => (
            <AlertRow item={item} onRead={() => readOne.mutate({ alertId: item.alertId })} busy={readOne.isPending} />
          )}
        />
      ) : (
        <LoadingOrFailure error={alerts.error ?? undefined} retry={() => void alerts.refetch()} />
      )}
    </Flex>
  );
}

function AlertRow({ item, onRead, busy }: { item: AlertItem; onRead: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const place = item.lockAlias ?? item.gatewayName ?? '';
  const delivery = item.delivery ? t(`alert.delivery.${item.delivery}`) : '';
  return (
    <List.Item
      data-testid="alert-item"
      data-kind={item.kind}
      data-read={item.read ? 1 : 0}
      actions={[
        item.read ? null : (
          <Button key="read" size="small" onClick={onRead} disabled={busy} data-testid="alert-mark-read">
            {t('alert.markRead')}
          </Button>
        ),
        item.lockId !== null && item.lockAlias !== null ? (
          <LinkButton key="lock" size="small" type="link" to={tabPath('ekey', item.lockId)} data-testid="alert-lock">
            {t('alert.openLock')}
          </LinkButton>
        ) : null,
        item.lockId !== null && item.lockAlias !== null ? (
          <LinkButton
            key="records"
            size="small"
            type="link"
            to={recordsPath(item.lockId, undefined, recordsQueryTypeOf(item.kind))}
            data-testid="alert-records"
            onClick={item.read ? undefined : onRead}
          >
            {t('alert.openRecords')}
          </LinkButton>
        ) : null,
      ].filter(Boolean)}
    >
      <List.Item.Meta
        title={
          <Space wrap>
            <Typography.Text strong={!item.read}>{t(`alerts.kind.${item.kind}`)}</Typography.Text>
            {place ? <Typography.Text>{place}</Typography.Text> : null}
            {item.read ? null : <Tag color="red">{t('alert.unread')}</Tag>}
            {item.cleared && !['wrongPasscodes', 'quietHoursUnlock', 'tamper'].includes(item.kind) ? (
              <Tag>{t('alert.cleared')}</Tag>
            ) : null}
          </Space>
        }
        description={
          <Space wrap split="·">
            <span>{dayjs(item.raisedAt).format('YYYY-MM-DD HH:mm')}</span>
            <span>{alertDetailText(t, item)}</span>
            {delivery ? (
              <Typography.Text type={item.delivery === 'sms' || item.delivery === 'email' ? 'secondary' : 'warning'}>
                {delivery}
              </Typography.Text>
            ) : null}
          </Space>
        }
      />
    </List.Item>
  );
}
