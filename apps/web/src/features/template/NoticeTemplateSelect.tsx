import type { TemplateType, ValueOf } from '@smartlock/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoticeChannel } from '../credentials/NoticeChannelField';
import { useTemplates } from './templateApi';

/**
 * The words a notice about a lock goes out in: the standard message, or one of the lock owner's
 * templates of the channel and kind (while the owner's advanced function runs). Shows nothing
 * when there is no template to choose.
 */
export function NoticeTemplateSelect({
  lockId,
  channel,
  type,
  value,
  onChange,
}: {
  lockId: number;
  channel: NoticeChannel;
  type: ValueOf<typeof TemplateType>;
  value: number | undefined;
  onChange: (templateId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const templates = useTemplates({ channel, lockId, type, pageNo: 1, pageSize: 200 });
  const usable = templates.data?.usable === true ? templates.data.list : [];
  if (usable.length === 0) return null;
  return (
    <Form.Item label={t('template.forNotice')}>
      <Select<number | 'standard'>
        value={value ?? 'standard'}
        onChange={(next) => onChange(next === 'standard' ? undefined : next)}
        options={[
          { value: 'standard', label: t('template.standard') },
          ...usable.map((item) => ({ value: item.templateId, label: item.name })),
        ]}
        style={{ minWidth: 240 }}
        data-testid={`notice-template-${channel}`}
      />
    </Form.Item>
  );
}
