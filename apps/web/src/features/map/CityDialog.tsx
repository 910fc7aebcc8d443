import type { CityItem } from '@smartlock/contract';
import { Alert, App, Button, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSubmission } from '../../ui/useSubmission';
import { CityPicker } from './CityPicker';

/**
 * Puts a lock or a gateway in a city, or clears its city (`save(0)`). The hint says what the
 * city is used for.
 */
export function CityDialog({
  title,
  hint,
  current,
  save,
  onClose,
}: {
  title: string;
  hint: string;
  current: Pick<CityItem, 'cityId' | 'name' | 'country'> | null;
  /** Saves the chosen city id (0: none). */
  save: (cityId: number) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ cityId?: number }>();
  const { error, busy, run } = useSubmission();

  async function submit(cityId: number) {
    await run(async () => {
      await save(cityId);
      message.success(t(cityId === 0 ? 'map.cityCleared' : 'map.citySaved'));
      onClose();
    });
  }

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      confirmLoading={busy}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'city-save' }}
      footer={(buttons) => (
        <>
          {current ? (
            <Button danger disabled={busy} onClick={() => void submit(0)} data-testid="city-clear">
              {t('map.clearCity')}
            </Button>
          ) : null}
          {buttons}
        </>
      )}
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ cityId: current?.cityId }}
        onFinish={(values) => void submit(values.cityId as number)}
      >
        <Form.Item name="cityId" label={t('map.city')} rules={[{ required: true, message: t('map.searchCity') }]}>
          <CityPicker initial={current} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
