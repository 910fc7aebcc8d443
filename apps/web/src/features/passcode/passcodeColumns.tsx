import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { type FitColumn, OneLine, SentBy } from '../../ui/FitTable';
import { SyncStateTag } from '../credentialSync/SyncStateTag';
import { passcodeValidityText } from '../credentials/validityText';
import { PasscodeStatusTag } from './PasscodeStatusTag';
import type { PasscodeItem } from './passcodeApi';
import { passcodeTypeText } from './passcodeStatus';

/**
 * The passcode table's columns; validity in the lock's time; `actions` renders a row's actions
 * (none on low-version locks). The digits always show; the others go as room runs out and show
 * under them.
 */
export function passcodeColumns(
  t: TFunction,
  language: string,
  offsetMs: number,
  actions: ((item: PasscodeItem) => ReactNode) | undefined,
): FitColumn<PasscodeItem>[] {
  const columns: FitColumn<PasscodeItem>[] = [
    {
      key: 'digits',
      title: t('passcode.column.digits'),
      dataIndex: 'keyboardPwd',
      minWidth: 170,
      grow: true,
      render: (digits: string) => (
        <Typography.Text strong code copyable={{ text: digits }} data-testid="passcode-digits">
          {digits}
        </Typography.Text>
      ),
    },
    {
      key: 'status',
      title: t('passcode.column.status'),
      dataIndex: 'status',
      minWidth: 150,
      drop: 6,
      render: (status: string, item) => (
        <>
          <PasscodeStatusTag status={status} />
          <SyncStateTag state={item.syncState} error={item.syncError} nextRetryAt={item.nextRetryAt} />
        </>
      ),
    },
    {
      key: 'name',
      title: t('passcode.column.name'),
      dataIndex: 'keyboardPwdName',
      minWidth: 140,
      drop: 3,
      render: (name: string) => <OneLine text={name || '—'} testId="passcode-name" />,
    },
    {
      key: 'type',
      title: t('passcode.column.type'),
      minWidth: 140,
      drop: 2,
      render: (_value, item) => <span data-testid="passcode-type">{passcodeTypeText(t, item)}</span>,
    },
    {
      key: 'validity',
      title: t('passcode.column.validity'),
      minWidth: 200,
      drop: 4,
      render: (_value, item) => (
        <span data-testid="passcode-validity">{passcodeValidityText(t, item, { language, offsetMs })}</span>
      ),
    },
    {
      key: 'created',
      title: t('passcode.column.creator'),
      minWidth: 180,
      drop: 1,
      render: (_value, item) => <SentBy name={item.senderUsername} at={item.createDate} language={language} />,
    },
  ];
  if (actions) {
    columns.push({
      key: 'actions',
      title: t('passcode.column.actions'),
      fixed: 'right',
      minWidth: 230,
      drop: 5,
      fold: 'bare',
      render: (_value, item) => actions(item),
    });
  }
  return columns;
}
