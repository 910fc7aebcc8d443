import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupOption } from './groupOptions';

/** Picks a group (or All / Ungrouped) from options, each shown with its lock count. */
export function GroupSelect({
  options,
  value,
  onChange,
  loading,
  testId,
  ariaLabel,
  style,
}: {
  options: GroupOption[];
  value: number | undefined;
  onChange: (groupId: number) => void;
  loading?: boolean;
  testId: string;
  ariaLabel: string;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <Select<number>
      value={value}
      onChange={onChange}
      loading={loading}
      aria-label={ariaLabel}
      placeholder={ariaLabel}
      data-testid={testId}
      showSearch={{ optionFilterProp: 'search' }}
      popupMatchSelectWidth={false}
      style={{ minWidth: 180, ...style }}
      options={options.map((option) => {
        const name = option.labelKey ? t(option.labelKey) : (option.name ?? '');
        return {
          value: option.groupId,
          search: name,
          label: (
            <span data-testid={`group-option-${option.groupId}`}>
              {t('group.optionLabel', { name, count: option.lockCount })}
            </span>
          ),
        };
      })}
    />
  );
}
