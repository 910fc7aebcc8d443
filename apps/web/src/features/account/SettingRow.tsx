import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** One line of an account card: icon, label and value, then its actions (wrapping under on a phone). */
export function SettingRow({
  icon,
  label,
  value,
  testId,
  children,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Flex
      justify="space-between"
      align="center"
      wrap
      gap={8}
      style={{ padding: '12px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
      data-testid={testId}
    >
      <Flex gap={12} align="center" style={{ minWidth: 0, flex: '1 1 200px' }}>
        <span style={{ fontSize: 18 }}>{icon}</span>
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary">{label}</Typography.Text>
          <div style={{ overflowWrap: 'anywhere' }} data-testid={`${testId}-value`}>
            {value}
          </div>
        </div>
      </Flex>
      <Flex gap={8} wrap>
        {children}
      </Flex>
    </Flex>
  );
}
