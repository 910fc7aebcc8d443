import { Button, Space } from 'antd';
import type { ReactNode } from 'react';

export interface RowLinkAction {
  key: string;
  icon: ReactNode;
  label: string;
  testId: string;
  danger?: boolean;
}

/** A table row's actions as small link buttons side by side. */
export function RowLinkActions({ actions, onAction }: { actions: RowLinkAction[]; onAction: (key: string) => void }) {
  return (
    <Space size={0} wrap>
      {actions.map((action) => (
        <Button
          key={action.key}
          type="link"
          size="small"
          danger={action.danger ?? false}
          icon={action.icon}
          onClick={() => onAction(action.key)}
          data-testid={action.testId}
        >
          {action.label}
        </Button>
      ))}
    </Space>
  );
}
