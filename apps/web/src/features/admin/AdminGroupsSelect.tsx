import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../group/groupApi';
import { moveTargetOptions } from '../group/groupOptions';

/** Picks whole groups (and the ungrouped locks), each shown with its lock count; as wide as its container. */
export function AdminGroupsSelect({
  value,
  onChange,
  disabled,
}: {
  value?: number[];
  onChange?: (groupIds: number[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const groups = useGroups();
  const options = groups.data ? moveTargetOptions(groups.data) : [];
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      value={value}
      onChange={onChange}
      disabled={disabled}
      loading={groups.isPending}
      placeholder={t('admin.groupsPlaceholder')}
      aria-label={t('admin.groups')}
      showSearch={{ optionFilterProp: 'search' }}
      data-testid="admin-groups"
      style={{ width: '100%' }}
      options={options.map((option) => {
        const name = option.labelKey ? t(option.labelKey) : (option.name ?? '');
        return {
          value: option.groupId,
          search: name,
          label: (
            <span data-testid={`admin-group-option-${option.groupId}`}>
              {t('group.optionLabel', { name, count: option.lockCount })}
            </span>
          ),
        };
      })}
    />
  );
}
