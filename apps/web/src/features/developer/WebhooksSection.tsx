import { WarningOutlined } from '@ant-design/icons';
import { WEBHOOK_EVENTS, WEBHOOK_PENDING_MAX, WEBHOOK_URL_MAX, type WebhookEvent } from '@smartlock/contract';
import { App, Button, Card, Checkbox, Flex, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { formatCount, formatDateTime } from '../../i18n/format';
import { EmptyWithHint } from '../../ui/EmptyWithHint';
import { LoadingOrFailure } from '../../ui/LoadingOrFailure';
import { useSubmission } from '../../ui/useSubmission';
import {
  useAddWebhook,
  useDeleteWebhook,
  useRedeliver,
  useRotateWebhookSecret,
  useSendTest,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhookSecret,
  useWebhooks,
  type WebhookDelivery,
  type WebhookEndpoint,
} from './webhooksApi';

/** An event's message key: `lock.unlockRecord` → `webhooks.event.lockUnlockRecord`. */
const eventKey = (event: string) => `webhooks.event.${event.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase())}`;

const STATUS_COLOURS = { pending: 'processing', delivered: 'success', failed: 'error' } as const;
const LOG_PAGE_SIZE = 10;

interface EndpointForm {
  url: string;
  events: WebhookEvent[];
}

/** Add or edit an endpoint: its address and the events it hears. */
function EndpointDialog({
  editing,
  onClose,
  onAdded,
}: {
  /** The endpoint edited, or null to add one. */
  editing: WebhookEndpoint | null;
  onClose: () => void;
  /** A new endpoint's id and secret (shown at once). */
  onAdded: (endpointId: number, secret: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EndpointForm>();
  const { mutateAsync: add } = useAddWebhook();
  const { mutateAsync: update } = useUpdateWebhook();
  const submission = useSubmission();
  const submit = (values: EndpointForm) =>
    submission.run(async () => {
      const params = { url: values.url.trim(), events: values.events.join(',') };
      if (editing) {
        await update({ endpointId: editing.endpointId, ...params });
      } else {
        const added = await add(params);
        onAdded(added.endpoint.endpointId, added.secret);
      }
      onClose();
    });
  return (
    <Modal
      open
      title={t(editing ? 'webhooks.editTitle' : 'webhooks.addTitle')}
      onCancel={onClose}
      okText={t('webhooks.save')}
      cancelText={t('webhooks.cancel')}
      okButtonProps={{
        loading: submission.busy,
        htmlType: 'submit',
        form: 'webhook-endpoint',
        'data-testid': 'webhook-save',
      }}
      destroyOnHidden
    >
      <Form
        id="webhook-endpoint"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ url: editing?.url ?? '', events: (editing?.events ?? []) as WebhookEvent[] }}
      >
        <Form.Item
          name="url"
          label={t('webhooks.url')}
          extra={t('webhooks.urlHelp')}
          rules={[{ required: true, whitespace: true, message: t('webhooks.urlRequired') }]}
        >
          <Input maxLength={WEBHOOK_URL_MAX} placeholder="https://" inputMode="url" data-testid="webhook-url" />
        </Form.Item>
        <Form.Item
          name="events"
          label={t('webhooks.events')}
          rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.eventsRequired') }]}
        >
          <Checkbox.Group style={{ display: 'grid', gap: 6 }} data-testid="webhook-events">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} data-testid={`webhook-event-${event}`}>
                {t(eventKey(event))} <Typography.Text type="secondary">({event})</Typography.Text>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        {submission.error && <Typography.Text type="danger">{submission.error}</Typography.Text>}
      </Form>
    </Modal>
  );
}

/** The signing secret of an endpoint, with a way to replace it. */
function SecretDialog({ endpoint, secret, onClose }: { endpoint: number; secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { mutateAsync: rotate } = useRotateWebhookSecret();
  const [shown, setShown] = useState(secret);
  const confirmRotate = () =>
    modal.confirm({
      title: t('webhooks.rotateConfirm'),
      okText: t('webhooks.rotate'),
      cancelText: t('webhooks.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          setShown((await rotate({ endpointId: endpoint })).secret);
        } catch (error) {
          message.error(errorText(t, error));
        }
      },
    });
  return (
    <Modal
      open
      title={t('webhooks.secretTitle')}
      onCancel={onClose}
      footer={[
        <Button key="rotate" danger onClick={confirmRotate} data-testid="webhook-rotate">
          {t('webhooks.rotate')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('webhooks.close')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('webhooks.secretHint')}</Typography.Paragraph>
      <Typography.Text
        code
        copyable={{ tooltips: [t('webhooks.copy'), t('webhooks.copied')] }}
        data-testid="webhook-secret"
        style={{ wordBreak: 'break-all' }}
      >
        {shown}
      </Typography.Text>
    </Modal>
  );
}

/** One endpoint's deliveries: status, answer, time, tries, next try; send again. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [pageNo, setPageNo] = useState(1);
  const log = useWebhookDeliveries(endpoint.endpointId, pageNo, LOG_PAGE_SIZE);
  const { mutateAsync: redeliver } = useRedeliver();
  const language = i18n.language;
  const sendAgain = async (delivery: WebhookDelivery) => {
    try {
      await redeliver({ deliveryId: delivery.deliveryId });
      message.success(t('webhooks.sentAgain'));
    } catch (error) {
      message.error(errorText(t, error));
    }
  };
  const columns: ColumnsType<WebhookDelivery> = [
    {
      key: 'event',
      title: t('webhooks.column.event'),
      render: (_v, d) => (
        <Flex vertical>
          <span>{d.eventType === 'webhook.test' ? t('webhooks.event.webhookTest') : t(eventKey(d.eventType))}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(d.createdAt, language)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('webhooks.column.status'),
      render: (_v, d) => (
        <Tag color={STATUS_COLOURS[d.status]} data-testid="webhook-delivery-status" data-status={d.status}>
          {t(`webhooks.status.${d.status}`)}
        </Tag>
      ),
    },
    {
      key: 'code',
      title: t('webhooks.column.answer'),
      render: (_v, d) => (
        <span title={d.lastError ?? undefined}>{d.lastStatusCode ?? (d.lastError ? t('webhooks.noAnswer') : '–')}</span>
      ),
    },
    {
      key: 'time',
      title: t('webhooks.column.responseTime'),
      render: (_v, d) =>
        d.lastResponseMs === null
          ? '–'
          : t('webhooks.milliseconds', { value: formatCount(d.lastResponseMs, language) }),
    },
    {
      key: 'attempts',
      title: t('webhooks.column.attempts'),
      render: (_v, d) => t('webhooks.attempts', { count: d.attempts }),
    },
    {
      key: 'next',
      title: t('webhooks.column.next'),
      render: (_v, d) => (d.nextAttemptAt === null ? '–' : formatDateTime(d.nextAttemptAt, language)),
    },
    {
      key: 'actions',
      title: t('webhooks.column.actions'),
      render: (_v, d) => (
        <Button size="small" onClick={() => void sendAgain(d)} data-testid="webhook-send-again">
          {t('webhooks.sendAgain')}
        </Button>
      ),
    },
  ];
  return (
    <section aria-labelledby={`webhook-log-${endpoint.endpointId}`} data-testid="webhook-log">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <h3 id={`webhook-log-${endpoint.endpointId}`} style={{ margin: 0, fontSize: 15 }}>
          {t('webhooks.logOf', { url: endpoint.url })}
        </h3>
        <Button size="small" onClick={() => void log.refetch()}>
          {t('webhooks.refresh')}
        </Button>
      </Flex>
      {log.data ? (
        <Table
          size="small"
          rowKey="deliveryId"
          columns={columns}
          dataSource={log.data.list}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <EmptyWithHint title={t('webhooks.noDeliveries')} testId="webhook-log-empty" /> }}
          pagination={{
            current: pageNo,
            pageSize: LOG_PAGE_SIZE,
            total: log.data.total,
            onChange: setPageNo,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
        />
      ) : (
        <LoadingOrFailure error={log.error} retry={() => void log.refetch()} rows={3} />
      )}
    </section>
  );
}

/**
 * The account's webhooks (docs/integrations.md, "Webhooks"): endpoints with their address and
 * events, added, edited and deleted; each one's signing secret shown and replaced; a test event
 * sent; and the selected endpoint's delivery log with "send again".
 */
export function WebhooksSection() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const webhooks = useWebhooks();
  const { mutateAsync: remove } = useDeleteWebhook();
  const { mutateAsync: readSecret } = useWebhookSecret();
  const { mutateAsync: sendTest } = useSendTest();
  const [dialog, setDialog] = useState<{ editing: WebhookEndpoint | null }>();
  const [secret, setSecret] = useState<{ endpoint: number; secret: string }>();
  const [selected, setSelected] = useState<number>();

  const failed = (error: unknown) => message.error(errorText(t, error));
  const showSecret = async (endpoint: number) => {
    try {
      setSecret({ endpoint, secret: (await readSecret({ endpointId: endpoint })).secret });
    } catch (error) {
      failed(error);
    }
  };
  const test = async (endpoint: WebhookEndpoint) => {
    try {
      await sendTest({ endpointId: endpoint.endpointId });
      setSelected(endpoint.endpointId);
      message.success(t('webhooks.testSent'));
    } catch (error) {
      failed(error);
    }
  };
  const confirmDelete = (endpoint: WebhookEndpoint) =>
    modal.confirm({
      title: t('webhooks.deleteConfirm'),
      content: endpoint.url,
      okText: t('webhooks.delete'),
      cancelText: t('webhooks.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove({ endpointId: endpoint.endpointId });
          if (selected === endpoint.endpointId) setSelected(undefined);
        } catch (error) {
          failed(error);
        }
      },
    });

  const title = <h2 style={{ font: 'inherit', margin: 0 }}>{t('webhooks.title')}</h2>;
  if (!webhooks.data) {
    return (
      <Card title={title}>
        <LoadingOrFailure error={webhooks.error} retry={() => void webhooks.refetch()} />
      </Card>
    );
  }
  const { list, max } = webhooks.data;
  const shown = list.find((e) => e.endpointId === selected);
  const columns: ColumnsType<WebhookEndpoint> = [
    {
      key: 'url',
      title: t('webhooks.column.url'),
      render: (_v, e) => (
        <Flex vertical gap={2}>
          <Typography.Text style={{ wordBreak: 'break-all' }} data-testid="webhook-row-url">
            {e.url}
          </Typography.Text>
          {e.droppedEvents > 0 && e.lastDroppedAt !== null ? (
            <Typography.Text data-testid="webhook-dropped">
              <WarningOutlined aria-hidden />{' '}
              {t('webhooks.dropped', {
                count: e.droppedEvents,
                time: formatDateTime(e.lastDroppedAt, i18n.language),
                max: formatCount(WEBHOOK_PENDING_MAX, i18n.language),
              })}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'events',
      title: t('webhooks.events'),
      render: (_v, e) => (
        <Flex wrap gap={4}>
          {e.events.map((event) => (
            <Tag key={event}>{t(eventKey(event))}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      key: 'actions',
      title: t('webhooks.column.actions'),
      render: (_v, e) => (
        <Space wrap size={4}>
          <Button size="small" onClick={() => setSelected(e.endpointId)} aria-pressed={selected === e.endpointId}>
            {t('webhooks.log')}
          </Button>
          <Button size="small" onClick={() => void test(e)} data-testid="webhook-send-test">
            {t('webhooks.sendTest')}
          </Button>
          <Button size="small" onClick={() => void showSecret(e.endpointId)} data-testid="webhook-show-secret">
            {t('webhooks.showSecret')}
          </Button>
          <Button size="small" onClick={() => setDialog({ editing: e })}>
            {t('webhooks.edit')}
          </Button>
          <Button size="small" danger onClick={() => confirmDelete(e)}>
            {t('webhooks.delete')}
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={title}
      data-testid="webhooks-section"
      extra={
        <Button
          type="primary"
          onClick={() => setDialog({ editing: null })}
          disabled={list.length >= max}
          data-testid="webhook-add"
        >
          {t('webhooks.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('webhooks.intro')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('webhooks.count', { used: formatCount(list.length, i18n.language), max: formatCount(max, i18n.language) })}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="endpointId"
        columns={columns}
        dataSource={list}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <EmptyWithHint title={t('webhooks.noEndpoints')} testId="webhooks-empty" /> }}
      />
      {shown && (
        <div style={{ marginTop: 16 }}>
          <DeliveryLog key={shown.endpointId} endpoint={shown} />
        </div>
      )}
      {dialog && (
        <EndpointDialog
          editing={dialog.editing}
          onClose={() => setDialog(undefined)}
          onAdded={(endpoint, added) => {
            setSecret({ endpoint, secret: added });
            setSelected(endpoint);
          }}
        />
      )}
      {secret && (
        <SecretDialog
          key={secret.endpoint}
          endpoint={secret.endpoint}
          secret={secret.secret}
          onClose={() => setSecret(undefined)}
        />
      )}
    </Card>
  );
}
