import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { MAX_PASSAGE_PERIODS } from '@smartlock/contract';
import { Alert, Button, Empty, Flex, Switch, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveConfirmation } from '../../../app/useLeaveConfirmation';
import type { LockDetail, PassageModeConfig } from '../lockApi';
import { OperationStatus } from '../remoteOperation/OperationStatus';
import { useRemoteOperation } from '../remoteOperation/useRemoteOperation';
import { PeriodEditor } from './PeriodEditor';
import {
  addPeriod,
  canAddPeriod,
  configOf,
  draftIssues,
  draftOf,
  isChanged,
  type PassageDraft,
  removePeriod,
  updatePeriod,
} from './periods';

/**
 * Passage mode on or off, with its periods; checked with the contract's rules before it is sent,
 * saved through the lock (followed live), shown as saved once the lock confirms.
 */
export function PassageModeForm({ detail, saved }: { detail: LockDetail; saved: PassageModeConfig }) {
  const { t } = useTranslation();
  const control = useRemoteOperation(detail.lockId);
  const [draft, setDraft] = useState<PassageDraft>(() => draftOf(saved));
  const [tried, setTried] = useState(false);
  const issues = useMemo(() => draftIssues(draft), [draft]);
  const changed = isChanged(draft, saved);
  useLeaveConfirmation(changed);

  // Once the lock confirms what was sent, the saved configuration is the draft: start again from it.
  useEffect(() => {
    if (!isChanged(draft, saved)) setTried(false);
  }, [draft, saved]);

  function save() {
    setTried(true);
    if (!issues.verdict.ok) return;
    void control.start({ action: 'setPassageMode', ...configOf(draft) });
  }

  return (
    <Flex vertical gap={16} data-testid="passage-mode-form">
      <Flex align="center" gap={12} wrap>
        <Switch
          checked={draft.enabled}
          onChange={(enabled) => setDraft((d) => ({ ...d, enabled }))}
          aria-label={t('passage.enabled')}
          data-testid="passage-mode-switch"
        />
        <Typography.Text strong>{t(draft.enabled ? 'passage.on' : 'passage.off')}</Typography.Text>
        <Typography.Text type="secondary">{t('passage.hint')}</Typography.Text>
      </Flex>
      {draft.periods.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('passage.noPeriods')} />
      ) : (
        draft.periods.map((period, index) => (
          <PeriodEditor
            key={period.id}
            period={period}
            index={index}
            issue={issues.periods.get(period.id)}
            onChange={(change) => setDraft((d) => updatePeriod(d, period.id, change))}
            onRemove={() => setDraft((d) => removePeriod(d, period.id))}
          />
        ))
      )}
      <Flex wrap gap={12} align="center">
        <Button
          icon={<PlusOutlined />}
          disabled={!canAddPeriod(draft)}
          onClick={() => setDraft(addPeriod)}
          data-testid="period-add"
        >
          {t('passage.addPeriod')}
        </Button>
        <Typography.Text type="secondary">
          {t('passage.periodLimit', { count: draft.periods.length, max: MAX_PASSAGE_PERIODS })}
        </Typography.Text>
      </Flex>
      {tried && !issues.verdict.ok ? (
        <Alert
          type="error"
          showIcon
          title={t(`errors.${issues.verdict.error}`, issues.verdict.params)}
          data-testid="passage-mode-invalid"
        />
      ) : null}
      <Flex wrap gap={12} align="center">
        <Button
          type="primary"
          icon={<SaveOutlined />}
          disabled={!changed}
          loading={control.busy}
          onClick={save}
          data-testid="passage-mode-save"
        >
          {t('passage.save')}
        </Button>
        {changed ? (
          <Typography.Text type="warning">{t('passage.unsaved')}</Typography.Text>
        ) : (
          <Typography.Text type="secondary" data-testid="passage-mode-saved">
            {t('passage.savedState')}
          </Typography.Text>
        )}
      </Flex>
      <OperationStatus run={control.run} isParkingLock={detail.isParkingLock} />
    </Flex>
  );
}
