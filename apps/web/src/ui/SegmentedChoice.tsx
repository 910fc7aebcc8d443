import { theme } from 'antd';
import { type ReactNode, useId, useState } from 'react';

/**
 * A choice of two to four options shown side by side, built on the browser's own radio buttons
 * (a radio group to assistive technology, arrow keys move between options): the look of Ant
 * Design's Segmented without loading it on the pages that must load fast.
 */
export function SegmentedChoice<T extends string>(props: {
  value: T;
  onChange: (value: T) => void;
  options: readonly { value: T; label: string; icon?: ReactNode }[];
  ariaLabel: string;
  testId?: string;
}) {
  const { token } = theme.useToken();
  const name = useId();
  const [focused, setFocused] = useState<T | undefined>();
  return (
    <div
      role="radiogroup"
      aria-label={props.ariaLabel}
      data-testid={props.testId}
      style={{
        display: 'flex',
        padding: 2,
        gap: 2,
        borderRadius: token.borderRadius,
        background: token.colorFillSecondary,
      }}
    >
      {props.options.map((option) => {
        const checked = option.value === props.value;
        return (
          <label
            key={option.value}
            style={{
              flex: 1,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: token.marginXS,
              minHeight: token.controlHeight - 4,
              paddingInline: token.paddingSM,
              borderRadius: token.borderRadiusSM,
              cursor: 'pointer',
              textAlign: 'center',
              color: checked ? token.colorText : token.colorTextSecondary,
              background: checked ? token.colorBgContainer : 'transparent',
              boxShadow: checked ? token.boxShadowTertiary : 'none',
              outline: focused === option.value ? `2px solid ${token.colorPrimaryBorder}` : 'none',
            }}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={checked}
              onChange={() => props.onChange(option.value)}
              onFocus={() => setFocused(option.value)}
              onBlur={() => setFocused(undefined)}
              style={{ position: 'absolute', opacity: 0, width: 1, height: 1, margin: 0 }}
            />
            {option.icon ? <span aria-hidden>{option.icon}</span> : null}
            <span>{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
