import type { LockCredentialKind } from '@smartlock/contract';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { eKeyValidityText, formatInstant } from '../credentials/validityText';
import { CredentialStatusTag } from './CredentialStatusTag';
import type { CredentialItem } from './credentialQueries';
import { KINDS, typeKey } from './kinds';

/**
 * The columns of a kind's table, as its kind table entry says: status, number, name, the ID
 * number (faces), the type (cards, fingerprints), validity, remark, who added it and when, and
 * the row's actions.
 */
export function credentialColumns(
  kind: LockCredentialKind,
  t: TFunction,
  language: string,
  actions: (item: CredentialItem) => ReactNode,
): ColumnsType<CredentialItem> {
  const spec = KINDS[kind];
  const columns: ColumnsType<CredentialItem> = [
    {
      key: 'status',
      title: t('credential.column.status'),
      dataIndex: 'status',
      render: (status: number) => <CredentialStatusTag kind={kind} status={status} />,
    },
    {
      key: 'number',
      title: t(`credentialKind.${kind}.number`),
      dataIndex: 'number',
      render: (number: string) => (
        <Typography.Text code copyable={{ text: number }} data-testid="credential-number">
          {number}
        </Typography.Text>
      ),
    },
    {
      key: 'name',
      title: t('credential.column.name'),
      dataIndex: 'name',
      render: (name: string) => <span data-testid="credential-name">{name || '—'}</span>,
    },
  ];
  if (spec.idNumber) {
    columns.push({
      key: 'idNumber',
      title: t('credential.column.idNumber'),
      dataIndex: 'idNumber',
      render: (idNumber: string | null) => <span data-testid="credential-id-number">{idNumber || '—'}</span>,
    });
  }
  if (spec.typeColumn) {
    columns.push({
      key: 'type',
      title: t(spec.typeColumn === 'cardType' ? 'credential.column.cardType' : 'credential.column.scanner'),
      dataIndex: 'type',
      render: (type: number | null) => (
        <span data-testid="credential-type" data-type={type ?? ''}>
          {t(typeKey(kind, type) ?? 'credential.type.none', { code: type })}
        </span>
      ),
    });
  }
  columns.push(
    {
      key: 'validity',
      title: t('credential.column.validity'),
      render: (_value, item) => <span data-testid="credential-validity">{eKeyValidityText(t, item, language)}</span>,
    },
    {
      key: 'remark',
      title: t('credential.column.remark'),
      dataIndex: 'remark',
      render: (remark: string) => (
        <Typography.Text
          type={remark ? undefined : 'secondary'}
          ellipsis={{ tooltip: remark }}
          style={{ maxWidth: 220 }}
          data-testid="credential-remark"
        >
          {remark || '—'}
        </Typography.Text>
      ),
    },
    { key: 'creator', title: t('credential.column.creator'), dataIndex: 'senderUsername' },
    {
      key: 'created',
      title: t('credential.column.created'),
      dataIndex: 'createDate',
      render: (at: number) => formatInstant(at, { language }),
    },
    {
      key: 'actions',
      title: t('credential.column.actions'),
      fixed: 'right',
      render: (_value, item) => actions(item),
    },
  );
  return columns;
}
