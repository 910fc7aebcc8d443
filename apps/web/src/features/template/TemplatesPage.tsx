import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { isVipActive, MessageChannel, type TemplateItem, type ValueOf } from '@smartlock/contract';
import { Alert, App, Button, Flex, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { usePaging, useStepBackFromEmptyPage } from '../../app/usePaging';
import { formatDateTime } from '../../i18n/format';
import { CredentialTable } from '../../ui/CredentialTable';
import { type FitColumn, OneLine } from '../../ui/FitTable';
import { LinkButton } from '../../ui/LinkButton';
import { RowLinkActions } from '../../ui/RowLinkActions';
import { useVipInfo } from '../service/serviceQueries';
import { ValueAddedFrame } from '../service/ValueAddedFrame';
import { TemplateDialog } from './TemplateDialog';
import { useRemoveTemplate, useTemplates } from './templateApi';

type Channel = ValueOf<typeof MessageChannel>;

/** SMS templates (account/smsTmpl). */
export function SmsTemplatesPage() {
  return <TemplatesPage channel={MessageChannel.sms} />;
}

/** Email templates (account/emailTmpl). */
export function EmailTemplatesPage() {
  return <TemplatesPage channel={MessageChannel.email} />;
}

/**
 * A channel's message templates: the owner's words for passcode and eKey notices. Writing them
 * needs the advanced function and a lock of one's own (the page says which is missing, with the
 * way to it); deleting does not.
 */
function TemplatesPage({ channel }: { channel: Channel }) {
  return (
    <ValueAddedFrame>
      <Templates channel={channel} />
    </ValueAddedFrame>
  );
}

function Templates({ channel }: { channel: Channel }) {
  const { t, i18n } = useTranslation();
  const { mutateAsync: removeTemplate } = useRemoveTemplate();
  const { message, modal } = App.useApp();
  const vip = useVipInfo();
  const [page, setPage] = usePaging({ channel });
  const list = useTemplates({ channel, ...page });
  const [editing, setEditing] = useState<TemplateItem | 'new'>();
  useStepBackFromEmptyPage(list, page, setPage);
  const owner = (vip.data?.ownedLocks ?? 0) > 0;
  const canWrite = owner && isVipActive(vip.data?.status);
  const email = channel === MessageChannel.email;

  const columns = useMemo((): FitColumn<TemplateItem>[] => {
    const remove = (item: TemplateItem) =>
      modal.confirm({
        title: t('template.deleteConfirm', { name: item.name }),
        okText: t('template.delete'),
        okButtonProps: { danger: true, 'data-testid': 'template-delete-confirm' },
        onOk: async () => {
          try {
            await removeTemplate({ templateId: item.templateId });
            message.success(t('template.deleted'));
          } catch (error) {
            message.error(errorText(t, error));
          }
        },
      });
    return [
      {
        key: 'name',
        title: t('template.name'),
        dataIndex: 'name',
        minWidth: 180,
        grow: true,
        render: (name: string) => <OneLine text={name} strong />,
      },
      {
        key: 'type',
        title: t('template.type'),
        minWidth: 150,
        drop: 3,
        render: (_: unknown, item: TemplateItem) => <Tag>{t(`template.typeName.${item.type}`)}</Tag>,
      },
      ...(email
        ? [
            {
              key: 'subject',
              title: t('template.subject'),
              dataIndex: 'subject',
              minWidth: 180,
              drop: 2,
              render: (subject: string) => <OneLine text={subject} />,
            },
          ]
        : []),
      {
        key: 'content',
        title: t('template.content'),
        dataIndex: 'content',
        minWidth: 280,
        drop: 4,
        render: (content: string) => (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: content }} style={{ margin: 0 }}>
            {content}
          </Typography.Paragraph>
        ),
      },
      {
        key: 'updatedAt',
        title: t('template.updatedAt'),
        minWidth: 170,
        drop: 1,
        render: (_: unknown, item: TemplateItem) => formatDateTime(item.updatedAt, i18n.language),
      },
      {
        key: 'actions',
        title: t('order.column.actions'),
        minWidth: 200,
        drop: 5,
        fold: 'bare',
        render: (_: unknown, item: TemplateItem) => (
          <RowLinkActions
            actions={[
              ...(canWrite
                ? [{ key: 'edit', icon: <EditOutlined />, label: t('template.edit'), testId: 'template-edit' }]
                : []),
              {
                key: 'delete',
                icon: <DeleteOutlined />,
                label: t('template.delete'),
                testId: 'template-delete',
                danger: true,
              },
            ]}
            onAction={(key) => (key === 'edit' ? setEditing(item) : remove(item))}
          />
        ),
      },
    ];
  }, [canWrite, email, i18n.language, message, modal, removeTemplate, t]);

  return (
    <>
      {vip.data && !owner ? (
        <Alert type="info" showIcon title={t('errors.advancedFunctionOwnerOnly')} style={{ marginBottom: 16 }} />
      ) : null}
      {vip.data && owner && !canWrite ? (
        <Alert
          type="warning"
          showIcon
          title={t('template.needsAdvanced')}
          action={
            <LinkButton to="/account/vip" size="small" type="primary">
              {t('template.getAdvanced')}
            </LinkButton>
          }
          style={{ marginBottom: 16 }}
          data-testid="template-needs-advanced"
        />
      ) : null}
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t(email ? 'template.introEmail' : 'template.introSms')}</Typography.Text>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!canWrite}
          onClick={() => setEditing('new')}
          data-testid="template-new"
        >
          {t('template.new')}
        </Button>
      </Flex>
      <CredentialTable<TemplateItem>
        kind="template"
        list={list}
        columns={columns}
        rowKey="templateId"
        searchStr=""
        onPage={setPage}
        rowProps={(item) => ({ 'data-testid': 'template-row', 'data-name': item.name })}
      />
      {editing ? (
        <TemplateDialog
          channel={channel}
          editing={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            message.success(t('template.saved'));
          }}
        />
      ) : null}
    </>
  );
}
