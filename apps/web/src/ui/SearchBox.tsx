import { Input } from 'antd';
import type { CSSProperties } from 'react';

/**
 * The search field every list has: clearable, its placeholder doubling as its accessible name,
 * and what is searched handed on trimmed.
 */
export function SearchBox({
  label,
  onSearch,
  testId,
  // In a toolbar it takes the room the buttons leave (its hint reads whole), up to a search box's width.
  style = { flex: '1 1 280px', maxWidth: 420 },
}: {
  /** The placeholder and accessible name, already translated. */
  label: string;
  onSearch: (text: string) => void;
  testId: string;
  style?: CSSProperties;
}) {
  return (
    <Input.Search
      allowClear
      placeholder={label}
      aria-label={label}
      onSearch={(value) => onSearch(value.trim())}
      style={style}
      data-testid={testId}
    />
  );
}
