import { stayGuest } from '@smartlock/contract/refs';
import { Alert, App, Button, Flex, Input, Skeleton, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { useSubmission } from '../../ui/useSubmission';
import { type InstructionsTarget, useSetStayInstructions, useStayInstructions } from './stayGuestApi';

/**
 * A lock's or group's arrival instructions for guests (shown on its stays' guest pages; a lock's
 * own replace its group's): a labelled text area with its character count, saved as a whole;
 * saving it empty removes them.
 */
export function StayInstructionsEditor({
  target,
  onDirty,
}: {
  target: InstructionsTarget;
  onDirty?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const id = useId();
  const current = useStayInstructions(target);
  const save = useSetStayInstructions();
  const { error, busy, run } = useSubmission();
  const [text, setText] = useState<string>();
  const saved = current.data?.text ?? '';
  const value = text ?? saved;
  const dirty = text !== undefined && text.trim() !== saved;

  useEffect(() => onDirty?.(dirty), [dirty, onDirty]);

  if (current.isError) return <Alert type="error" showIcon title={errorText(t, current.error)} />;
  if (!current.data) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;

  async function submit() {
    await run(async () => {
      const next = value.trim();
      await save.mutateAsync({ ...target, text: next });
      setText(undefined);
      message.success(t(next ? 'stayInstructions.saved' : 'stayInstructions.removed'));
    });
  }

  return (
    <Flex vertical gap={8} data-testid="stay-instructions">
      <label htmlFor={id}>
        <Typography.Text strong>{t('stayInstructions.label')}</Typography.Text>
      </label>
      <Typography.Text type="secondary" id={`${id}-hint`}>
        {t('lockId' in target ? 'stayInstructions.hintLock' : 'stayInstructions.hintGroup')}
      </Typography.Text>
      <Input.TextArea
        id={id}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(event) => setText(event.target.value)}
        maxLength={stayGuest.STAY_INSTRUCTIONS_MAX}
        showCount
        autoSize={{ minRows: 4, maxRows: 12 }}
        data-testid="stay-instructions-text"
      />
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        <Button
          type="primary"
          onClick={() => void submit()}
          loading={busy}
          disabled={!dirty}
          data-testid="stay-instructions-save"
        >
          {t('stayInstructions.save')}
        </Button>
      </Flex>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Flex>
  );
}
