import { ArrowLeftOutlined, StopOutlined } from '@ant-design/icons';
import { accessKindKey, lockTimeText, REVIEW_DAYS_DEFAULT, REVIEW_DAYS_MAX } from '@smartlock/contract';
import { Alert, Button, Flex, InputNumber, Popconfirm, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { type FitColumn, FitTable, OneLine } from '../../ui/FitTable';
import { LinkButton } from '../../ui/LinkButton';
import { LoadError } from '../../ui/LoadError';
import { CredentialCell } from '../lockUser/CredentialCell';
import { LOCK_USER_HOME } from '../lockUser/lockUserPaths';
import { type ReviewItem, type ReviewList, useReview, useRevokeReviewed } from './accessApi';

const PAGE_SIZE = 20;
const rowKey = (item: ReviewItem) => `${item.kind}-${item.credentialId}`;

/** One review list: its page, the rows chosen, revoking one or the chosen ones. */
function ReviewTable({ list, days }: { list: ReviewList; days: number }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [chosen, setChosen] = useState<ReviewItem[]>([]);
  const page = useReview(list, days, pageNo, PAGE_SIZE);
  const revoke = useRevokeReviewed();
  const [outcome, setOutcome] = useState<{ revoked: number; failed: string[] }>();

  const run = async (items: readonly ReviewItem[]) => {
    const done = await revoke.mutateAsync(items);
    setOutcome({
      revoked: done.revoked,
      failed: done.failed.map(({ item, error }) => `${item.lockAlias} · ${item.label}: ${errorText(t, error)}`),
    });
    setChosen([]);
  };

  const lastColumn: FitColumn<ReviewItem> =
    list === 'unused'
      ? {
          key: 'lastUsed',
          title: t('review.column.lastUsed'),
          minWidth: 150,
          drop: 1,
          render: (_v, item) =>
            item.lastUsedAt === null ? t('review.never') : lockTimeText(item.lastUsedAt, item.timezoneRawOffset),
        }
      : list === 'admins'
        ? {
            key: 'lastLogin',
            title: t('review.column.lastLogin'),
            minWidth: 150,
            drop: 1,
            render: (_v, item) =>
              item.lastLoginAt === null ? t('review.never') : dayjs(item.lastLoginAt).format('YYYY-MM-DD HH:mm'),
          }
        : {
            key: 'reason',
            title: t('review.column.reason'),
            minWidth: 140,
            drop: 1,
            render: (_v, item) => (item.reason ? t(`review.reason.${item.reason}`) : ''),
          };
  const columns: FitColumn<ReviewItem>[] = [
    {
      key: 'person',
      title: t('records.column.person'),
      minWidth: 180,
      render: (_v, item) => <OneLine text={item.userName || '—'} />,
    },
    {
      key: 'kind',
      title: t('access.column.kind'),
      minWidth: 100,
      drop: 3,
      render: (_v, item) => t(accessKindKey(item.kind) ?? item.kind),
    },
    {
      key: 'credential',
      title: t('records.column.credential'),
      minWidth: 150,
      drop: 4,
      // An eKey's label is its holder's account, already the person: its name says more.
      render: (_v, item) =>
        item.label === item.userName ? (
          <OneLine text={item.name || '—'} />
        ) : (
          <CredentialCell label={item.label} name={item.name} />
        ),
    },
    {
      key: 'lock',
      title: t('review.column.lock'),
      minWidth: 130,
      drop: 2,
      render: (_v, item) => <OneLine text={item.lockAlias} />,
    },
    lastColumn,
    {
      key: 'action',
      title: t('review.column.action'),
      minWidth: 110,
      fold: 'bare',
      render: (_v, item) => (
        <Popconfirm
          title={t('review.revokeOneConfirm', { label: item.label, lock: item.lockAlias })}
          okText={t('review.revoke')}
          okButtonProps={{ danger: true, 'data-testid': 'review-revoke-confirm' }}
          onConfirm={() => run([item])}
        >
          <Button size="small" danger icon={<StopOutlined />} data-testid="review-revoke">
            {t('review.revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      {page.isError ? <LoadError error={page.error} retry={() => void page.refetch()} /> : null}
      {outcome ? (
        <Alert
          type={outcome.failed.length > 0 ? 'warning' : 'success'}
          showIcon
          closable
          onClose={() => setOutcome(undefined)}
          title={t('review.revoked', { count: outcome.revoked })}
          description={outcome.failed.length > 0 ? outcome.failed.join('\n') : undefined}
          data-testid="review-outcome"
        />
      ) : null}
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" data-testid="review-total" data-total={page.data?.total ?? ''}>
          {t('review.total', { count: page.data?.total ?? 0 })}
        </Typography.Text>
        <Popconfirm
          title={t('review.revokeChosenConfirm', { count: chosen.length })}
          okText={t('review.revoke')}
          okButtonProps={{ danger: true }}
          onConfirm={() => run(chosen)}
          disabled={chosen.length === 0}
        >
          <Button danger disabled={chosen.length === 0} loading={revoke.isPending} data-testid="review-revoke-chosen">
            {t('review.revokeChosen', { count: chosen.length })}
          </Button>
        </Popconfirm>
      </Flex>
      <FitTable<ReviewItem>
        size="small"
        rowKey={rowKey}
        loading={page.isPending || (page.isPlaceholderData && page.isFetching)}
        dataSource={page.data?.list ?? []}
        columns={columns}
        rowSelection={{
          selectedRowKeys: chosen.map(rowKey),
          onChange: (_keys, rows) => setChosen(rows),
          getCheckboxProps: (item) => ({ 'aria-label': t('review.choose', { label: item.label }) }) as object,
        }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (next) => setPageNo(next),
        }}
        onRow={(item) =>
          ({ 'data-testid': 'review-row', 'data-kind': item.kind, 'data-id': item.credentialId }) as object
        }
      />
    </Flex>
  );
}

/**
 * Access review (docs/governance.md "Access review"): permanent credentials unused for a number
 * of days (chosen, 90 by default), eKeys of people whose account is gone or never was, and
 * administrators who stopped logging in; revoked one at a time or the chosen ones together, each
 * through its own kind's delete call.
 */
export default function AccessReviewPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState(REVIEW_DAYS_DEFAULT);
  const daysId = useId();
  const daysField = (
    <Flex align="center" gap={8}>
      <label htmlFor={daysId}>{t('review.days')}</label>
      <InputNumber
        id={daysId}
        min={1}
        max={REVIEW_DAYS_MAX}
        precision={0}
        value={days}
        onChange={(value) => typeof value === 'number' && value >= 1 && setDays(value)}
        data-testid="review-days"
      />
    </Flex>
  );
  return (
    <Flex vertical gap={16}>
      <LinkButton to={LOCK_USER_HOME} icon={<ArrowLeftOutlined />} style={{ alignSelf: 'flex-start' }}>
        {t('route.lockUsers')}
      </LinkButton>
      <Typography.Paragraph type="secondary">{t('review.intro')}</Typography.Paragraph>
      {daysField}
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'unused',
            label: t('review.tab.unused', { days }),
            children: <ReviewTable list="unused" days={days} />,
          },
          { key: 'gone', label: t('review.tab.gone'), children: <ReviewTable list="gone" days={days} /> },
          {
            key: 'admins',
            label: t('review.tab.admins', { days }),
            children: <ReviewTable list="admins" days={days} />,
          },
        ]}
        data-testid="review-tabs"
      />
    </Flex>
  );
}
