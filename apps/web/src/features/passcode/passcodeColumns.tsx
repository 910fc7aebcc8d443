import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatInstant, passcodeValidityText } from '../credentials/validityText';
import { PasscodeStatusTag } from './PasscodeStatusTag';
import type { PasscodeItem } from './passcodeQueries';
import { passcodeTypeText } from './passcodeStatus';

/** The passcode table's columns; validity in the lock's time; `actions` renders a row's actions (none on low-version locks). */
export function passcodeColumns(
  t: TFunction,
  language: string,
  offsetMs: number,
  actions: ((item: PasscodeItem) => ReactNode) | undefined,
): ColumnsType<PasscodeItem> {
  const columns: ColumnsType<PasscodeItem> = [
    {
      key: 'digits',
      title: t('passcode.column.digits'),
      dataIndex: 'keyboardPwd',
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
      render: (status: string) => <PasscodeStatusTag status={status} />,
    },
    {
      key: 'name',
      title: t('passcode.column.name'),
      dataIndex: 'keyboardPwdName',
      render: (name: string) => <span data-testid="passcode-name">{name || '—'}</span>,
    },
    {
      key: 'type',
      title: t('passcode.column.type'),
      render: (_value, item) => <span data-testid="passcode-type">{passcodeTypeText(t, item)}</span>,
    },
    {
      key: 'validity',
      title: t('passcode.column.validity'),
      render: (_value, item) => (
        <span data-testid="passcode-validity">{passcodeValidityText(t, item, { language, offsetMs })}</span>
      ),
    },
    { key: 'creator', title: t('passcode.column.creator'), dataIndex: 'senderUsername' },
    {
      key: 'created',
      title: t('passcode.column.created'),
      dataIndex: 'createDate',
      render: (at: number) => formatInstant(at, { language }),
    },
  ];
  if (actions) {
    columns.push({
      key: 'actions',
      title: t('passcode.column.actions'),
      fixed: 'right',
      render: (_value, item) => actions(item),
    });
  }
  return columns;
}
