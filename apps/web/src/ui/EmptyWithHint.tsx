import { Empty, Typography } from 'antd';

/** An empty list that says what it is and how things get into it. */
export function EmptyWithHint({ title, hint, testId }: { title: string; hint?: string; testId: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid={testId}
      description={
        <>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>
            {title}
          </Typography.Paragraph>
          {hint ? (
            <Typography.Paragraph type="secondary" style={{ maxWidth: 460, margin: '0 auto' }}>
              {hint}
            </Typography.Paragraph>
          ) : null}
        </>
      }
    />
  );
}
