import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { NAME_MAX } from '@smartlock/contract';
import { App, Avatar, Button, Card, Flex, Form, Input, Popconfirm, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { CountryCodeSelect, DEFAULT_COUNTRY } from '../auth/CountryCodeSelect';
import { AVATAR_ACCEPT, AVATAR_MAX_MEGABYTES, avatarFileIssue, profileChanged, profileParams } from './account';
import { useUpdateUserInfo, useUploadAvatar } from './accountApi';
import { type UserInfo, useUserInfoUpdate } from './useUserInfoUpdate';

interface ProfileValues {
  nickname: string;
  countryId: string;
}

/** The avatar (upload, remove), the nickname and the country or region. */
export function ProfileCard({ me }: { me: UserInfo }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUserInfoUpdate();
  const updateUserInfo = useUpdateUserInfo();
  const uploadAvatar = useUploadAvatar();
  const [form] = Form.useForm<ProfileValues>();
  const values = Form.useWatch([], form) as Partial<ProfileValues> | undefined;
  const [avatarBusy, setAvatarBusy] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    form.setFieldsValue({ nickname: me.nickname, countryId: me.countryId || DEFAULT_COUNTRY });
  }, [form, me.nickname, me.countryId]);

  async function changeAvatar(work: () => Promise<UserInfo>, done: string) {
    setAvatarBusy(true);
    try {
      await update(await work());
      message.success(t(done));
    } catch (error) {
      message.error(errorText(t, error));
    } finally {
      setAvatarBusy(false);
    }
  }

  async function save(next: ProfileValues) {
    setSaving(true);
    try {
      await update(await updateUserInfo.mutateAsync(profileParams(next)));
      message.success(t('account.profileSaved'));
    } catch (error) {
      message.error(errorText(t, error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={t('account.profile')} data-testid="profile-card">
      <Flex gap={16} align="center" wrap style={{ marginBottom: 24 }}>
        <Avatar size={80} src={me.headUrl || undefined} icon={<UserOutlined />} data-testid="avatar" />
        <Flex vertical gap={8} style={{ minWidth: 0, flex: 1 }}>
          <Flex gap={8} wrap>
            <span data-testid="avatar-upload">
              <Upload
                accept={AVATAR_ACCEPT}
                showUploadList={false}
                maxCount={1}
                beforeUpload={(file) => {
                  const issue = avatarFileIssue(file);
                  if (issue) message.error(t(issue.key, issue.params));
                  else void changeAvatar(() => uploadAvatar.mutateAsync(file), 'account.avatarUpdated');
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button icon={<UploadOutlined />} loading={avatarBusy} data-testid="avatar-upload-button">
                  {t(me.headUrl ? 'account.changeAvatar' : 'account.uploadAvatar')}
                </Button>
              </Upload>
            </span>
            {me.headUrl ? (
              <Popconfirm
                title={t('account.removeAvatarConfirm')}
                okButtonProps={{ danger: true, 'data-testid': 'avatar-remove-confirm' }}
                onConfirm={() =>
                  changeAvatar(() => updateUserInfo.mutateAsync({ removeAvatar: true }), 'account.avatarRemoved')
                }
              >
                <Button icon={<DeleteOutlined />} disabled={avatarBusy} data-testid="avatar-remove">
                  {t('account.removeAvatar')}
                </Button>
              </Popconfirm>
            ) : null}
          </Flex>
          <Typography.Text type="secondary">
            {t('account.avatarHint', { megabytes: AVATAR_MAX_MEGABYTES })}
          </Typography.Text>
        </Flex>
      </Flex>
      <Form<ProfileValues> form={form} layout="vertical" onFinish={(next) => void save(next)} name="profile">
        <Form.Item
          name="nickname"
          label={t('account.nickname')}
          rules={[{ max: NAME_MAX, message: t('form.nameTooLong', { count: NAME_MAX }) }]}
        >
          <Input maxLength={NAME_MAX} placeholder={t('account.nicknamePlaceholder')} data-testid="nickname" />
        </Form.Item>
        <Form.Item name="countryId" label={t('account.country')}>
          <CountryCodeSelect named testId="profile-country" ariaLabel={t('account.country')} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={saving}
          disabled={!values || !profileChanged(me, values)}
          data-testid="profile-save"
        >
          {t('account.save')}
        </Button>
      </Form>
    </Card>
  );
}
