import type { CSSProperties, ReactNode } from 'react';
import type { ScreenColours } from './screenTheme';

/** A titled panel of the wall display. */
export function ScreenPanel({
  title,
  colours,
  children,
  style,
  testId,
}: {
  title?: ReactNode;
  colours: ScreenColours;
  children: ReactNode;
  style?: CSSProperties;
  testId?: string;
}) {
  return (
    <section
      style={{
        background: colours.panel,
        border: `1px solid ${colours.panelBorder}`,
        borderRadius: 12,
        padding: 20,
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        ...style,
      }}
      data-testid={testId}
    >
      {title ? (
        <h2 style={{ margin: '0 0 12px', fontSize: 20, fontWeight: 600, color: colours.muted }}>{title}</h2>
      ) : null}
      {children}
    </section>
  );
}
