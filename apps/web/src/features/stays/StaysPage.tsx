import {
  LockQueryType,
  PasscodeStatus,
  STAY_BUFFER_MAX_MINUTES,
  STAY_FEED_URL_MAX,
  type StayNotify,
} from '@smartlock/contract';
import {
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { formatDateTime } from '../../i18n/format';
import { EmptyWithHint } from '../../ui/EmptyWithHint';
import { LoadingOrFailure } from '../../ui/LoadingOrFailure';
import { useSubmission } from '../../ui/useSubmission';
import { formatInstant } from '../credentials/validityText';
import { useGroups } from '../group/groupList';
import { useLocks } from '../lock/lockApi';
import {
  type Stay,
  type StayFeed,
  useAddFeed,
  useDeleteFeed,
  usePollFeed,
  useStayFeeds,
  useStays,
  useUpdateFeed,
} from './staysApi';

const STAYS_PAGE_SIZE = 20;
/** Locks offered in the form's picker (search narrows them). */
const LOCK_CHOICES = 200;

const FEED_STATE_COLOURS = { new: 'default', ok: 'success', error: 'error' } as const;
const STAY_STATE_COLOURS = {
  upcoming: 'processing',
  active: 'success',
  ended: 'default',
  cancelled: 'default',
  failed: 'error',
} as const;

/** Where a stay's code stands on its lock, in the words of the page. */
export type CodeStanding = 'pending' | 'onLock' | 'failed' | 'removalPending' | 'removed';

export function codeStanding(status: string | null): CodeStanding | undefined {
  switch (status) {
    case null:
      return undefined;
    case PasscodeStatus.adding:
    case PasscodeStatus.updating:
    case PasscodeStatus.tenantAdding:
    case PasscodeStatus.tenantUpdating:
      return 'pending';
    case PasscodeStatus.deleting:
      return 'removalPending';
    case PasscodeStatus.deleted:
      return 'removed';
    case PasscodeStatus.addFailed:
    case PasscodeStatus.updateFailed:
    case PasscodeStatus.deleteFailed:
      return 'failed';
    default:
      return 'onLock';
  }
}

const STANDING_COLOURS: Record<CodeStanding, string> = {
  pending: 'processing',
  onLock: 'success',
  failed: 'error',
  removalPending: 'warning',
  removed: 'default',
};

/** Whether any stay's code is still on its way (the list is read again until it arrives). */
const anyPending = (list: Stay[]) =>
  list.some((s) =>
    s.credentials.some((c) => {
      const standing = codeStanding(c.passcodeStatus);
      return standing === 'pending' || standing === 'removalPending';
    }),
  );

interface FeedForm {
  target: 'lock' | 'group';
  lockId?: number;
  groupId?: number;
  name: string;
  url: string;
  checkInBufferMinutes: number;
  checkOutBufferMinutes: number;
  notify: StayNotify;
  guestRemoteUnlock: boolean;
}

/** Add a feed to a lock or group, or edit one: address, name, buffers, how guests are told. */
function FeedDialog({
  editing,
  onClose,
  onAdded,
}: {
  editing: StayFeed | null;
  onClose: () => void;
  /** A new feed's id (its stays are shown at once). */
  onAdded: (feedId: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FeedForm>();
  const target = Form.useWatch('target', form) ?? 'lock';
  const locks = useLocks({ pageNo: 1, pageSize: LOCK_CHOICES, type: LockQueryType.all, groupId: -1, lockName: '' });
  const groups = useGroups();
  const { mutateAsync: add } = useAddFeed();
  const { mutateAsync: update } = useUpdateFeed();
  const submission = useSubmission();
  const submit = (values: FeedForm) =>
    submission.run(async () => {
      const settings = {
        name: values.name.trim(),
        url: values.url.trim(),
        checkInBufferMinutes: values.checkInBufferMinutes,
        checkOutBufferMinutes: values.checkOutBufferMinutes,
        notify: values.notify,
        guestRemoteUnlock: values.guestRemoteUnlock,
      };
      if (editing) await update({ feedId: editing.feedId, ...settings });
      else {
        const added = await add({
          ...settings,
          ...(values.target === 'lock' ? { lockId: values.lockId } : { groupId: values.groupId }),
        });
        onAdded(added.feed.feedId);
      }
      onClose();
    });
  const minutes = (name: 'checkInBufferMinutes' | 'checkOutBufferMinutes', label: string) => (
    <Form.Item name={name} label={label} extra={t('stays.bufferHelp')} rules={[{ required: true, type: 'number' }]}>
      <InputNumber
        min={0}
        max={STAY_BUFFER_MAX_MINUTES}
        step={15}
        precision={0}
        style={{ width: 160 }}
        data-testid={`stay-feed-${name}`}
      />
    </Form.Item>
  );
  return (
    <Modal
      open
      title={t(editing ? 'stays.editTitle' : 'stays.addTitle')}
      onCancel={onClose}
      okText={t('stays.save')}
      cancelText={t('stays.cancel')}
      okButtonProps={{
        loading: submission.busy,
        htmlType: 'submit',
        form: 'stay-feed',
        'data-testid': 'stay-feed-save',
      }}
      destroyOnHidden
    >
      <Form
        id="stay-feed"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          target: 'lock',
          name: editing?.name ?? '',
          url: editing?.url ?? '',
          checkInBufferMinutes: editing?.checkInBufferMinutes ?? 60,
          checkOutBufferMinutes: editing?.checkOutBufferMinutes ?? 60,
          notify: editing?.notify ?? 'contact',
          guestRemoteUnlock: editing?.guestRemoteUnlock ?? false,
        }}
      >
        {editing ? (
          <Typography.Paragraph>{t('stays.feedOf', { target: editing.targetName })}</Typography.Paragraph>
        ) : (
          <>
            <Form.Item name="target" label={t('stays.target')}>
              <Radio.Group data-testid="stay-feed-target">
                <Radio value="lock">{t('stays.targetLock')}</Radio>
                <Radio value="group">{t('stays.targetGroup')}</Radio>
              </Radio.Group>
            </Form.Item>
            {target === 'lock' ? (
              <Form.Item
                name="lockId"
                label={t('stays.lock')}
                rules={[{ required: true, message: t('stays.lockRequired') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={locks.isLoading}
                  placeholder={t('stays.lock')}
                  aria-label={t('stays.lock')}
                  data-testid="stay-feed-lock"
                  options={(locks.data?.list ?? []).map((l) => ({ value: l.lockId, label: l.lockName }))}
                />
              </Form.Item>
            ) : (
              <Form.Item
                name="groupId"
                label={t('stays.group')}
                rules={[{ required: true, message: t('stays.groupRequired') }]}
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={groups.isLoading}
                  placeholder={t('stays.group')}
                  aria-label={t('stays.group')}
                  data-testid="stay-feed-group"
                  options={(groups.data?.list ?? []).map((g) => ({ value: g.groupId, label: g.groupName }))}
                />
              </Form.Item>
            )}
          </>
        )}
        <Form.Item
          name="url"
          label={t('stays.url')}
          extra={t('stays.urlHelp')}
          rules={[{ required: true, whitespace: true, message: t('stays.urlRequired') }]}
        >
          <Input maxLength={STAY_FEED_URL_MAX} placeholder="https://" inputMode="url" data-testid="stay-feed-url" />
        </Form.Item>
        <Form.Item name="name" label={t('stays.name')}>
          <Input maxLength={50} data-testid="stay-feed-name" />
        </Form.Item>
        <Flex gap={16} wrap>
          {minutes('checkInBufferMinutes', t('stays.checkInBuffer'))}
          {minutes('checkOutBufferMinutes', t('stays.checkOutBuffer'))}
        </Flex>
        <Form.Item name="notify" label={t('stays.notify')}>
          <Select
            aria-label={t('stays.notify')}
            data-testid="stay-feed-notify"
            options={[
              { value: 'contact', label: t('stays.notifyContact') },
              { value: 'none', label: t('stays.notifyNone') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="guestRemoteUnlock"
          label={t('stays.guestRemoteUnlock')}
          valuePropName="checked"
          extra={t('stays.guestRemoteUnlockHelp')}
        >
          <Switch data-testid="stay-feed-remote" />
        </Form.Item>
        {submission.error && <Typography.Text type="danger">{submission.error}</Typography.Text>}
      </Form>
    </Modal>
  );
}

/** A feed's stays: the guest, check-in and check-out at the lock's time, the code per lock and where it stands. */
function StayList({ feed }: { feed: StayFeed }) {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const stays = useStays(feed.feedId, pageNo, STAYS_PAGE_SIZE, anyPending);
  const language = i18n.language;
  const atLock = (ms: number, s: Stay) =>
    formatInstant(ms, { language, offsetMs: s.credentials[0]?.timezoneRawOffset ?? 0 });
  const columns: ColumnsType<Stay> = [
    {
      key: 'guest',
      title: t('stays.column.guest'),
      render: (_v, s) => (
        <Flex vertical>
          <span data-testid="stay-guest">{s.guestName || s.summary || t('stays.noName')}</span>
          {(s.guestEmail || s.guestPhone) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[s.guestEmail, s.guestPhone].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { key: 'checkIn', title: t('stays.column.checkIn'), render: (_v, s) => atLock(s.checkIn, s) },
    { key: 'checkOut', title: t('stays.column.checkOut'), render: (_v, s) => atLock(s.checkOut, s) },
    {
      key: 'state',
      title: t('stays.column.state'),
      render: (_v, s) => (
        <Flex vertical gap={4} align="start">
          <Tag color={STAY_STATE_COLOURS[s.state]} data-testid="stay-state" data-state={s.state}>
            {t(`stays.state.${s.state}`)}
          </Tag>
          {s.error && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="stay-error">
              {s.error}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'codes',
      title: t('stays.column.codes'),
      render: (_v, s) => (
        <Flex vertical gap={4}>
          {s.credentials.map((c) => {
            const standing = codeStanding(c.passcodeStatus);
            return (
              <Flex
                key={c.lockId}
                gap={6}
                align="center"
                wrap
                data-testid="stay-code"
                data-standing={standing ?? 'none'}
              >
                {s.credentials.length > 1 && <span>{c.lockName}:</span>}
                {c.passcode && (
                  <Typography.Text code data-testid="stay-code-digits">
                    {c.passcode}
                  </Typography.Text>
                )}
                {standing && <Tag color={STANDING_COLOURS[standing]}>{t(`stays.standing.${standing}`)}</Tag>}
                {c.error && (
                  <Typography.Text type="danger" style={{ fontSize: 12 }}>
                    {c.error}
                  </Typography.Text>
                )}
              </Flex>
            );
          })}
        </Flex>
      ),
    },
    {
      key: 'link',
      title: t('stays.column.guestPage'),
      render: (_v, s) =>
        s.guestUrl ? (
          <Typography.Text
            copyable={{ text: s.guestUrl, tooltips: [t('stays.copyLink'), t('stays.copied')] }}
            data-testid="stay-guest-link"
          >
            {t('stays.guestPage')}
          </Typography.Text>
        ) : (
          '–'
        ),
    },
  ];
  return (
    <section aria-labelledby={`stays-of-${feed.feedId}`} data-testid="stay-list">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <h3 id={`stays-of-${feed.feedId}`} style={{ margin: 0, fontSize: 15 }}>
          {t('stays.staysOf', { name: feed.name || feed.targetName })}
        </h3>
        <Button size="small" onClick={() => void stays.refetch()}>
          {t('stays.refresh')}
        </Button>
      </Flex>
      {stays.data ? (
        <Table
          size="small"
          rowKey="stayId"
          columns={columns}
          dataSource={stays.data.list}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: <EmptyWithHint title={t('stays.noStays')} hint={t('stays.noStaysHint')} testId="stays-empty" />,
          }}
          pagination={{
            current: pageNo,
            pageSize: STAYS_PAGE_SIZE,
            total: stays.data.total,
            onChange: setPageNo,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
        />
      ) : (
        <LoadingOrFailure error={stays.error} retry={() => void stays.refetch()} rows={3} />
      )}
    </section>
  );
}

/**
 * Stays (docs/stays.md, "Calendar feeds"): the account's calendar feeds with their state, error,
 * last and next read, "Read now", edit and delete; a feed added to a lock or group; and the
 * selected feed's stays with their codes on the locks and the guest page link.
 */
export default function StaysPage() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const feeds = useStayFeeds();
  const { mutateAsync: remove } = useDeleteFeed();
  const { mutateAsync: poll } = usePollFeed();
  const [dialog, setDialog] = useState<{ editing: StayFeed | null }>();
  const [selected, setSelected] = useState<number>();
  const [reading, setReading] = useState<number>();
  const language = i18n.language;

  const failed = (error: unknown) => message.error(errorText(t, error));
  const readNow = async (feed: StayFeed) => {
    setReading(feed.feedId);
    try {
      const read = await poll({ feedId: feed.feedId });
      setSelected(feed.feedId);
      if (read.feed.state === 'error') message.error(read.feed.error ?? t('stays.feedState.error'));
      else message.success(t('stays.read', { added: read.added, moved: read.moved, removed: read.removed }));
    } catch (error) {
      failed(error);
    } finally {
      setReading(undefined);
    }
  };
  const confirmDelete = (feed: StayFeed) =>
    modal.confirm({
      title: t('stays.deleteConfirm'),
      content: t('stays.deleteConsequence', { name: feed.name || feed.url }),
      okText: t('stays.delete'),
      cancelText: t('stays.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove({ feedId: feed.feedId });
          if (selected === feed.feedId) setSelected(undefined);
        } catch (error) {
          failed(error);
        }
      },
    });

  const title = <h2 style={{ font: 'inherit', margin: 0 }}>{t('stays.feeds')}</h2>;
  if (!feeds.data) {
    return (
      <Card title={title}>
        <LoadingOrFailure error={feeds.error} retry={() => void feeds.refetch()} />
      </Card>
    );
  }
  const { list } = feeds.data;
  const shown = list.find((f) => f.feedId === selected);
  const columns: ColumnsType<StayFeed> = [
    {
      key: 'feed',
      title: t('stays.column.feed'),
      render: (_v, f) => (
        <Flex vertical>
          <span data-testid="stay-feed-name-cell">{f.name || f.targetName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {f.targetName} · {f.url}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('stays.column.state'),
      render: (_v, f) => (
        <Flex vertical gap={4} align="start">
          <Tag color={FEED_STATE_COLOURS[f.state]} data-testid="stay-feed-state" data-state={f.state}>
            {t(`stays.feedState.${f.state}`)}
          </Tag>
          {f.error && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="stay-feed-error">
              {f.error}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { key: 'count', title: t('stays.column.stays'), render: (_v, f) => f.stayCount },
    {
      key: 'last',
      title: t('stays.column.lastRead'),
      render: (_v, f) => (f.lastPolledAt === null ? '–' : formatDateTime(f.lastPolledAt, language)),
    },
    {
      key: 'next',
      title: t('stays.column.nextRead'),
      render: (_v, f) => (f.nextPollAt === null ? '–' : formatDateTime(f.nextPollAt, language)),
    },
    {
      key: 'actions',
      title: t('stays.column.actions'),
      render: (_v, f) => (
        <Space wrap size={4}>
          <Button
            size="small"
            onClick={() => setSelected(f.feedId)}
            aria-pressed={selected === f.feedId}
            data-testid="stay-feed-show"
          >
            {t('stays.showStays')}
          </Button>
          <Button
            size="small"
            onClick={() => void readNow(f)}
            loading={reading === f.feedId}
            data-testid="stay-feed-read"
          >
            {t('stays.readNow')}
          </Button>
          <Button size="small" onClick={() => setDialog({ editing: f })}>
            {t('stays.edit')}
          </Button>
          <Button size="small" danger onClick={() => confirmDelete(f)} data-testid="stay-feed-delete">
            {t('stays.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={title}
      data-testid="stays-page"
      extra={
        <Button type="primary" onClick={() => setDialog({ editing: null })} data-testid="stay-feed-add">
          {t('stays.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('stays.intro')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="feedId"
        columns={columns}
        dataSource={list}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <EmptyWithHint title={t('stays.noFeeds')} hint={t('stays.noFeedsHint')} testId="stay-feeds-empty" />
          ),
        }}
      />
      {shown && (
        <div style={{ marginTop: 16 }}>
          <StayList key={shown.feedId} feed={shown} />
        </div>
      )}
      {dialog && <FeedDialog editing={dialog.editing} onClose={() => setDialog(undefined)} onAdded={setSelected} />}
    </Card>
  );
}
