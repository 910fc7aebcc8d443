import type { LockCredentialKind } from '@smartlock/contract';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { type FitColumn, OneLine, SentBy } from '../../ui/FitTable';
import { SyncStateTag } from '../credentialSync/SyncStateTag';
import { eKeyValidityText } from '../credentials/validityText';
import { CredentialStatusTag } from './CredentialStatusTag';
import { KINDS, typeKey } from './kinds';
import type { CredentialItem } from './lockCredentialApi';

/**
 * The columns of a kind's table, as its kind table entry says: number, status, name, the ID
 * number (faces), the type (cards, fingerprints), validity, remark, who added it and when, and
 * the row's actions. The number comes first and always shows; the others go as room runs out and show under it.
 */
export function credentialColumns(
  kind: LockCredentialKind,
  t: TFunction,
  language: string,
  actions: (item: CredentialItem) => ReactNode,
): FitColumn<CredentialItem>[] {
  const spec = KINDS[kind];
  const columns: FitColumn<CredentialItem>[] = [
    {
      key: 'number',
      title: t(`credentialKind.${kind}.number`),
      dataIndex: 'number',
      minWidth: 170,
      grow: true,
      render: (number: string) => (
        <Typography.Text code copyable={{ text: number }} data-testid="credential-number">
          {number}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      title: t('credential.column.status'),
      dataIndex: 'status',
      minWidth: 150,
      drop: 6,
      render: (status: number, item) => (
        <>
          <CredentialStatusTag kind={kind} status={status} />
          <SyncStateTag state={item.syncState} error={item.syncError} nextRetryAt={item.nextRetryAt} />
        </>
      ),
    },
    {
      key: 'name',
      title: t('credential.column.name'),
      dataIndex: 'name',
      minWidth: 140,
      drop: 3.5,
      render: (name: string) => <OneLine text={name || '—'} testId="credential-name" />,
    },
  ];
  if (spec.idNumber) {
    columns.push({
      key: 'idNumber',
      title: t('credential.column.idNumber'),
      dataIndex: 'idNumber',
      minWidth: 170,
      drop: 2.5,
      render: (idNumber: string | null) => <span data-testid="credential-id-number">{idNumber || '—'}</span>,
    });
  }
  if (spec.typeColumn) {
    columns.push({
      key: 'type',
      title: t(spec.typeColumn === 'cardType' ? 'credential.column.cardType' : 'credential.column.scanner'),
      dataIndex: 'type',
      minWidth: 130,
      drop: 2,
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
      minWidth: 200,
      drop: 4,
      render: (_value, item) => <span data-testid="credential-validity">{eKeyValidityText(t, item, language)}</span>,
    },
    {
      key: 'remark',
      title: t('credential.column.remark'),
      dataIndex: 'remark',
      minWidth: 140,
      drop: 1.5,
      render: (remark: string) => <OneLine text={remark || '—'} secondary={!remark} testId="credential-remark" />,
    },
    {
      key: 'created',
      title: t('credential.column.creator'),
      minWidth: 180,
      drop: 1,
      render: (_value, item) => <SentBy name={item.senderUsername} at={item.createDate} language={language} />,
    },
    {
      key: 'actions',
      title: t('credential.column.actions'),
      fixed: 'right',
      minWidth: 230,
      drop: 5,
      fold: 'bare',
      render: (_value, item) => actions(item),
    },
  );
  return columns;
}
