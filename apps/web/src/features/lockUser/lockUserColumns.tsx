import { DeleteOutlined, SendOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FitColumn } from '../../ui/FitTable';
import { type RowLinkAction, RowLinkActions } from '../../ui/RowLinkActions';
import { formatInstant } from '../credentials/validityText';
import type { LockUserItem } from './lockUserApi';
import { heldKinds, kindNameKey } from './lockUserKinds';

export type LockUserAction = 'detail' | 'sendEKeys' | 'remove';

/** A person: their account or name, with the nickname below and an administrator tag. */
export function PersonCell({ item, onOpen }: { item: LockUserItem; onOpen?: () => void }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2}>
      <Flex gap={6} align="center" wrap>
        {onOpen ? (
          <Typography.Link strong onClick={onOpen} data-testid="lock-user-open">
            <span data-testid="lock-user-name">{item.name}</span>
          </Typography.Link>
        ) : (
          <Typography.Text strong data-testid="lock-user-name">
            {item.name}
          </Typography.Text>
        )}
        {item.isAdmin ? (
          <Tag color="gold" data-testid="lock-user-admin">
            {t('lockUser.admin')}
          </Tag>
        ) : null}
      </Flex>
      {item.nickname ? <Typography.Text type="secondary">{item.nickname}</Typography.Text> : null}
    </Flex>
  );
}

/** What a person holds: one small tag per kind with how many. */
export function KindCounts({ kinds }: { kinds: LockUserItem['kinds'] }) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={4} data-testid="lock-user-kinds">
      {heldKinds(kinds).map(([kind, count]) => (
        <Tag key={kind} bordered={false} data-kind={kind} data-count={count} style={{ marginInlineEnd: 0 }}>
          {t('lockUser.kindCount', { kind: t(kindNameKey(kind)), count })}
        </Tag>
      ))}
    </Flex>
  );
}

function nextEndText(t: TFunction, language: string, at: number | null): string {
  return at === null ? t('validity.permanent') : formatInstant(at, { language });
}

function rowActions(t: TFunction, item: LockUserItem, onAction: (action: LockUserAction, item: LockUserItem) => void) {
  const actions: RowLinkAction[] = [];
  if (item.account) {
    actions.push({
      key: 'sendEKeys',
      icon: <SendOutlined />,
      label: t('lockUser.sendEKeys'),
      testId: 'lock-user-send-ekeys',
    });
  }
  actions.push({
    key: 'remove',
    icon: <DeleteOutlined />,
    label: t('lockUser.remove'),
    testId: 'lock-user-remove',
    danger: true,
  });
  return <RowLinkActions actions={actions} onAction={(key) => onAction(key as LockUserAction, item)} />;
}

/**
 * The lock-user table's columns; `onAction` takes a row's actions (eKeys only for a person with an
 * account). On a phone (`compact`) each person is one cell: name, what they hold, the next end and
 * the actions, one under the other.
 */
export function lockUserColumns(
  t: TFunction,
  language: string,
  onAction: (action: LockUserAction, item: LockUserItem) => void,
  compact = false,
): FitColumn<LockUserItem>[] {
  if (compact) {
    return [
      {
        key: 'person',
        title: t('lockUser.column.person'),
        minWidth: 0,
        render: (_value, item) => (
          <Flex vertical gap={6}>
            <PersonCell item={item} onOpen={() => onAction('detail', item)} />
            <KindCounts kinds={item.kinds} />
            <Typography.Text type="secondary">
              {t('lockUser.column.locks')}: {item.lockCount} · {t('lockUser.column.nextEnd')}:{' '}
              <span data-testid="lock-user-next-end">{nextEndText(t, language, item.nextEndDate)}</span>
            </Typography.Text>
            {rowActions(t, item, onAction)}
          </Flex>
        ),
      },
    ];
  }
  return [
    {
      key: 'person',
      title: t('lockUser.column.person'),
      minWidth: 200,
      grow: true,
      render: (_value, item) => <PersonCell item={item} onOpen={() => onAction('detail', item)} />,
    },
    { key: 'locks', title: t('lockUser.column.locks'), dataIndex: 'lockCount', align: 'right', minWidth: 90, drop: 2 },
    {
      key: 'credentials',
      title: t('lockUser.column.credentials'),
      minWidth: 220,
      drop: 3,
      render: (_value, item) => <KindCounts kinds={item.kinds} />,
    },
    {
      key: 'nextEnd',
      title: t('lockUser.column.nextEnd'),
      dataIndex: 'nextEndDate',
      minWidth: 170,
      drop: 1,
      render: (at: number | null) => <span data-testid="lock-user-next-end">{nextEndText(t, language, at)}</span>,
    },
    {
      key: 'actions',
      title: t('lockUser.column.actions'),
      fixed: 'right',
      minWidth: 220,
      drop: 4,
      fold: 'bare',
      render: (_value, item) => rowActions(t, item, onAction),
    },
  ];
}
