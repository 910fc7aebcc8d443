import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';

/** One setting: its name, what it does (and any caveat) on the left, its control on the right, its status below. */
export function SettingRow({
  title,
  description,
  note,
  control,
  children,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** A caveat under the description (e.g. the lock has not reported the value yet). */
  note?: ReactNode;
  control?: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <div data-testid={testId} style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <div style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Typography.Text strong>{title}</Typography.Text>
          {description ? (
            <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: token.fontSizeSM }}>
              {description}
            </Typography.Paragraph>
          ) : null}
          {note ? (
            <Typography.Paragraph
              type="warning"
              style={{ margin: 0, fontSize: token.fontSizeSM }}
              data-testid="setting-note"
            >
              {note}
            </Typography.Paragraph>
          ) : null}
        </div>
        {control ? <div style={{ flex: '0 1 auto', maxWidth: '100%' }}>{control}</div> : null}
      </Flex>
      {children}
    </div>
  );
}
