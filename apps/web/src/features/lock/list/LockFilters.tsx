import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../../ui/SearchBox';
import { GroupSelect } from '../../group/GroupSelect';
import type { GroupList } from '../../group/groupApi';
import { groupFilterOptions } from '../../group/groupOptions';
import type { LockQueryTypeValue } from '../lockApi';
import { QUERY_TYPES } from './lockListQuery';

/** The lock list's filters: name search, query type, group (All, Ungrouped, each group with its count). */
export function LockFilters({
  groups,
  groupsLoading,
  groupId,
  onGroup,
  type,
  onType,
  onSearch,
}: {
  groups: GroupList | undefined;
  groupsLoading: boolean;
  groupId: number;
  onGroup: (groupId: number) => void;
  type: LockQueryTypeValue;
  onType: (type: LockQueryTypeValue) => void;
  onSearch: (lockName: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={12} align="center">
      <SearchBox
        label={t('lockList.searchPlaceholder')}
        onSearch={onSearch}
        testId="lock-search"
        style={{ width: 240 }}
      />
      <Select<LockQueryTypeValue>
        value={type}
        onChange={onType}
        aria-label={t('lockList.typeLabel')}
        options={QUERY_TYPES.map((option) => ({ value: option.value, label: t(option.key) }))}
        popupMatchSelectWidth={false}
        style={{ minWidth: 160 }}
        data-testid="lock-type"
      />
      <GroupSelect
        options={groups ? groupFilterOptions(groups) : []}
        value={groups ? groupId : undefined}
        onChange={onGroup}
        loading={groupsLoading}
        ariaLabel={t('lockList.groupLabel')}
        testId="group-filter"
      />
    </Flex>
  );
}
