import { ALERT_KINDS, ALERT_LIMITS, type AlertSettings } from '@smartlock/contract';
import { App, Button, Form, InputNumber, Select, Space, TimePicker, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { LoadingOrFailure } from '../../ui/LoadingOrFailure';
import { useAlertSettings, useUpdateAlertSettings } from './alertApi';

interface Values extends Omit<AlertSettings, 'quietStart' | 'quietEnd' | 'delivery'> {
  quietStart: Dayjs;
  quietEnd: Dayjs;
  delivery: Record<string, string>;
}

const atMinute = (minute: number) => dayjs().startOf('day').add(minute, 'minute');
const minuteOf = (time: Dayjs) => time.hour() * 60 + time.minute();

/** The alert rules: thresholds, quiet hours in each lock's own time, and each kind's delivery. */
export function AlertSettingsForm() {
  const settings = useAlertSettings();
  if (!settings.data)
    return <LoadingOrFailure error={settings.error ?? undefined} retry={() => void settings.refetch()} />;
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: AlertSettings }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateAlertSettings();
  const minutes = { min: 1, max: ALERT_LIMITS.minutesMax, precision: 0, style: { width: 160 } };
  const initial: Values = {
    ...settings,
    quietStart: atMinute(settings.quietStart),
    quietEnd: atMinute(settings.quietEnd),
    delivery: Object.fromEntries(ALERT_KINDS.map((k) => [k, settings.delivery[k] ?? 'console'])),
  };
  const save = async (values: Values) => {
    await update.mutateAsync({
      batteryPercent: values.batteryPercent,
      gatewayOfflineMinutes: values.gatewayOfflineMinutes,
      wrongPasscodeCount: values.wrongPasscodeCount,
      wrongPasscodeMinutes: values.wrongPasscodeMinutes,
      doorOpenMinutes: values.doorOpenMinutes,
      quietStart: minuteOf(values.quietStart),
      quietEnd: minuteOf(values.quietEnd),
      ...(values.delivery as Record<(typeof ALERT_KINDS)[number], 'console' | 'email' | 'sms'>),
    });
    message.success(t('alert.settings.saved'));
  };
  return (
    <Form<Values> layout="vertical" initialValues={initial} onFinish={(v) => void save(v).catch(() => undefined)}>
      <Form.Item name="batteryPercent" label={t('alert.settings.batteryPercent')} rules={[{ required: true }]}>
        <InputNumber min={1} max={99} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="gatewayOfflineMinutes"
        label={t('alert.settings.gatewayOfflineMinutes')}
        rules={[{ required: true }]}
      >
        <InputNumber {...minutes} />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item
          name="wrongPasscodeCount"
          label={t('alert.settings.wrongPasscodeCount')}
          rules={[{ required: true }]}
        >
          <InputNumber min={2} max={ALERT_LIMITS.wrongPasscodeCountMax} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="wrongPasscodeMinutes"
          label={t('alert.settings.wrongPasscodeMinutes')}
          rules={[{ required: true }]}
        >
          <InputNumber {...minutes} />
        </Form.Item>
      </Space>
      <Form.Item name="doorOpenMinutes" label={t('alert.settings.doorOpenMinutes')} rules={[{ required: true }]}>
        <InputNumber {...minutes} />
      </Form.Item>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('alert.settings.quietHours')}
      </Typography.Title>
      <Space wrap size="large">
        <Form.Item name="quietStart" label={t('alert.settings.quietStart')} rules={[{ required: true }]}>
          <TimePicker format="HH:mm" minuteStep={5} allowClear={false} needConfirm={false} />
        </Form.Item>
        <Form.Item name="quietEnd" label={t('alert.settings.quietEnd')} rules={[{ required: true }]}>
          <TimePicker format="HH:mm" minuteStep={5} allowClear={false} needConfirm={false} />
        </Form.Item>
      </Space>
      <Typography.Paragraph type="secondary">{t('alert.settings.quietHint')}</Typography.Paragraph>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('alert.settings.delivery')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('alert.settings.deliveryHint')}</Typography.Paragraph>
      {ALERT_KINDS.map((kind) => (
        <Form.Item key={kind} name={['delivery', kind]} label={t(`alerts.kind.${kind}`)}>
          <Select
            style={{ width: 220 }}
            options={['console', 'email', 'sms'].map((channel) => ({
              value: channel,
              label: t(`alert.settings.channel.${channel}`),
            }))}
          />
        </Form.Item>
      ))}
      {update.error ? <Typography.Text type="danger">{errorText(t, update.error)}</Typography.Text> : null}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('alert.settings.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
