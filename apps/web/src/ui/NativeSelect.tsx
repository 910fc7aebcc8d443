import { DownOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { type CSSProperties, type ReactNode, useState } from 'react';

export interface NativeOption {
  value: string;
  /** The option's text in the open list. */
  label: string;
}

/**
 * The browser's own select, drawn like the console's inputs: keyboard, type-ahead, screen
 * readers and phones' pickers work as everywhere, and the page loads no select widget.
 * `shown` replaces the closed select's text (the calling code alone, say); the select stays on
 * top, transparent, so every click and key still reaches it.
 */
export function NativeSelect(props: {
  value: string;
  onChange?: (value: string) => void;
  options: readonly NativeOption[];
  ariaLabel: string;
  testId?: string;
  shown?: ReactNode;
  icon?: ReactNode;
  borderless?: boolean;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  const [focused, setFocused] = useState(false);
  const selected = props.options.find((option) => option.value === props.value);
  return (
    <span
      style={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        gap: token.marginXS,
        minHeight: token.controlHeight,
        paddingInline: token.paddingSM,
        boxSizing: 'border-box',
        border: `${token.lineWidth}px solid ${props.borderless ? 'transparent' : focused ? token.colorPrimary : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: props.borderless ? 'transparent' : token.colorBgContainer,
        color: token.colorText,
        fontSize: token.fontSize,
        outline: focused ? `2px solid ${token.colorPrimaryBorder}` : 'none',
        outlineOffset: 1,
        ...props.style,
      }}
    >
      {props.icon ? <span aria-hidden>{props.icon}</span> : null}
      <span aria-hidden style={{ flex: 1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {props.shown ?? selected?.label}
      </span>
      <DownOutlined aria-hidden style={{ fontSize: 10, color: token.colorTextSecondary }} />
      <select
        aria-label={props.ariaLabel}
        data-testid={props.testId}
        value={props.value}
        onChange={(event) => props.onChange?.(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        style={{
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          opacity: 0,
          cursor: 'pointer',
          font: 'inherit',
        }}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
