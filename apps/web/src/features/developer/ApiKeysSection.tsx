import { PlusOutlined } from '@ant-design/icons';
import type { ApiKeyScope } from '@smartlock/contract';
import { App, Button, Card, Flex, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { formatCount, formatDateTime } from '../../i18n/format';
import { EmptyWithHint } from '../../ui/EmptyWithHint';
import { type FitColumn, FitTable, OneLine } from '../../ui/FitTable';
import { LoadError } from '../../ui/LoadError';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { type ApiKeyRow, useApiKeys, useRevokeApiKey } from './developerApi';

/**
 * The account's API keys: each with its scopes, locks, when made and last used, and this
 * month's calls; making one (its secret shown once) and revoking one (after a confirmation).
 */
export function ApiKeysSection() {
  const { t, i18n } = useTranslation();
  const keys = useApiKeys();
  const { mutateAsync: revoke } = useRevokeApiKey();
  const { modal, message } = App.useApp();
  const [creating, setCreating] = useState(false);
  const language = i18n.language;

  const columns = useMemo((): FitColumn<ApiKeyRow>[] => {
    const confirmRevoke = (item: ApiKeyRow) =>
      modal.confirm({
        title: t('developer.revokeConfirm', { name: item.name }),
        content: t('developer.revokeWarning'),
        okText: t('developer.revoke'),
        okButtonProps: { danger: true, 'data-testid': 'api-key-revoke-confirm' },
        onOk: async () => {
          try {
            await revoke({ apiKeyId: item.apiKeyId });
            message.success(t('developer.revoked', { name: item.name }));
          } catch (error) {
            message.error(errorText(t, error));
          }
        },
      });
    return [
      {
        key: 'name',
        title: t('developer.keyName'),
        minWidth: 180,
        grow: true,
        render: (_value, item) => (
          <Flex vertical>
            <OneLine text={item.name} strong />
            <Typography.Text type="secondary" code>
              {item.prefix}…
            </Typography.Text>
          </Flex>
        ),
      },
      {
        key: 'scopes',
        title: t('developer.scopes'),
        minWidth: 160,
        render: (_value, item) => (
          <Flex wrap gap={4}>
            {item.scopes.map((scope: ApiKeyScope) => (
              <Tag key={scope}>{t(`developer.scope.${scope}`)}</Tag>
            ))}
          </Flex>
        ),
      },
      {
        key: 'locks',
        title: t('developer.keyLocks'),
        minWidth: 150,
        drop: 3,
        render: (_value, item) =>
          item.locks === null ? (
            t('developer.allLocks')
          ) : (
            <OneLine text={item.locks.map((lock) => lock.lockName).join(', ') || t('developer.noLocksLeft')} />
          ),
      },
      {
        key: 'createdAt',
        title: t('developer.created'),
        minWidth: 150,
        drop: 1,
        render: (_value, item) => formatDateTime(item.createdAt, language),
      },
      {
        key: 'lastUsedAt',
        title: t('developer.lastUsed'),
        minWidth: 150,
        drop: 2,
        render: (_value, item) =>
          item.lastUsedAt === null ? t('developer.neverUsed') : formatDateTime(item.lastUsedAt, language),
      },
      {
        key: 'calls',
        title: t('developer.callsThisMonth'),
        minWidth: 110,
        render: (_value, item) => (
          <span data-testid={`api-key-calls-${item.apiKeyId}`}>{formatCount(item.callsThisMonth, language)}</span>
        ),
      },
      {
        key: 'actions',
        title: t('developer.actions'),
        minWidth: 100,
        fold: 'bare',
        render: (_value, item) => (
          <Button
            danger
            size="small"
            onClick={() => confirmRevoke(item)}
            aria-label={t('developer.revokeNamed', { name: item.name })}
            data-testid={`api-key-revoke-${item.apiKeyId}`}
          >
            {t('developer.revoke')}
          </Button>
        ),
      },
    ];
  }, [t, language, modal, message, revoke]);

  return (
    <Card
      title={<h2 style={{ font: 'inherit', margin: 0 }}>{t('developer.apiKeys')}</h2>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="api-key-new">
          {t('developer.createKey')}
        </Button>
      }
      data-testid="api-keys"
    >
      <Typography.Paragraph type="secondary">
        {t('developer.apiKeysIntro', { count: keys.data?.callsPerMinute ?? 0 })}
      </Typography.Paragraph>
      {keys.error ? (
        <LoadError error={keys.error} retry={() => void keys.refetch()} />
      ) : (
        <FitTable<ApiKeyRow>
          rowKey="apiKeyId"
          columns={columns}
          dataSource={keys.data?.list ?? []}
          loading={keys.isPending}
          pagination={false}
          locale={{
            emptyText: keys.isPending ? (
              ' '
            ) : (
              <EmptyWithHint title={t('developer.noKeys')} hint={t('developer.noKeysHint')} testId="api-keys-empty" />
            ),
          }}
          data-testid="api-key-table"
        />
      )}
      {creating ? <CreateApiKeyDialog onClose={() => setCreating(false)} /> : null}
    </Card>
  );
}
