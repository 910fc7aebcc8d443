import {
  MessageChannel,
  TEMPLATE_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_SUBJECT_MAX_LENGTH,
  type TemplateItem,
  TemplateType,
  type ValueOf,
  validateTemplate,
  validateTemplateSubject,
} from '@smartlock/contract';
import { Alert, Button, Card, Flex, Form, Input, Modal, Radio, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { useDiscardConfirmation } from '../../app/useDiscardConfirmation';
import { useAddTemplate, useUpdateTemplate } from './templateApi';
import {
  characterCount,
  insertAt,
  insertablePlaceholders,
  previewOf,
  sampleValues,
  TEMPLATE_TYPES,
} from './templatePreview';

type Channel = ValueOf<typeof MessageChannel>;
type Type = ValueOf<typeof TemplateType>;

/** The rule's verdict as the form shows it: the catalogue message, translated. */
function problemOf(
  t: (key: string, params?: Record<string, unknown>) => string,
  verdict: ReturnType<typeof validateTemplate>,
) {
  return verdict.ok ? undefined : t(`errors.${verdict.error}`, verdict.params);
}

/**
 * Writing a template: its kind (passcode or eKey notice; fixed once made), name, an email's
 * subject, and the text with buttons that insert the kind's placeholders at the cursor, a
 * character count against the 1000 allowed, the rules of section 5 checked as one types, and a
 * preview with example values. Closing with unsaved changes asks first.
 */
export function TemplateDialog({
  channel,
  editing,
  onSaved,
  onClose,
}: {
  channel: Channel;
  editing?: TemplateItem | undefined;
  onSaved: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddTemplate();
  const update = useUpdateTemplate();
  const confirmDiscard = useDiscardConfirmation();
  const textArea = useRef<TextAreaRef>(null);
  const [type, setType] = useState<Type>((editing?.type as Type | undefined) ?? TemplateType.passcode);
  const [name, setName] = useState(editing?.name ?? '');
  const [subject, setSubject] = useState(editing?.subject ?? '');
  const [content, setContent] = useState(editing?.content ?? '');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const email = channel === MessageChannel.email;
  const dirty =
    name !== (editing?.name ?? '') || subject !== (editing?.subject ?? '') || content !== (editing?.content ?? '');
  const contentProblem = touched || content ? problemOf(t, validateTemplate(content, type)) : undefined;
  const subjectProblem = email ? problemOf(t, validateTemplateSubject(subject, type)) : undefined;
  const nameProblem = touched && name.trim() === '' ? t('template.nameRequired') : undefined;
  const values = sampleValues(t, location.origin);
  const count = characterCount(content);

  function insert(text: string) {
    const element = textArea.current?.resizableTextArea?.textArea;
    const next = insertAt(content, text, element?.selectionStart ?? content.length, element?.selectionEnd);
    setContent(next.text);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(next.cursor, next.cursor);
    });
  }

  async function save() {
    setTouched(true);
    if (name.trim() === '' || !validateTemplate(content, type).ok || subjectProblem) return;
    setSaving(true);
    setFailure(undefined);
    try {
      const text = { name: name.trim(), content, ...(email ? { subject } : {}) };
      if (editing) await update.mutateAsync({ templateId: editing.templateId, ...text });
      else await add.mutateAsync({ channel, type, ...text });
      onSaved();
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      width={720}
      title={t(editing ? 'template.editTitle' : 'template.newTitle')}
      okText={t('template.save')}
      onOk={() => void save()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'template-save' }}
      onCancel={() => confirmDiscard(dirty, onClose)}
      destroyOnHidden
      data-testid="template-dialog"
    >
      <Form layout="vertical">
        <Form.Item label={t('template.type')}>
          <Radio.Group
            value={type}
            disabled={editing !== undefined}
            onChange={(event) => setType(event.target.value as Type)}
            data-testid="template-type"
          >
            {TEMPLATE_TYPES.map((value) => (
              <Radio.Button key={value} value={value} data-testid={`template-type-${value}`}>
                {t(`template.typeName.${value}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          label={t('template.name')}
          required
          validateStatus={nameProblem ? 'error' : undefined}
          help={nameProblem}
        >
          <Input
            value={name}
            maxLength={TEMPLATE_NAME_MAX_LENGTH}
            showCount
            onChange={(event) => setName(event.target.value)}
            placeholder={t('template.namePlaceholder')}
            data-testid="template-name"
          />
        </Form.Item>
        {email ? (
          <Form.Item
            label={t('template.subject')}
            extra={t('template.subjectHint')}
            validateStatus={subjectProblem ? 'error' : undefined}
            help={subjectProblem}
          >
            <Input
              value={subject}
              maxLength={TEMPLATE_SUBJECT_MAX_LENGTH}
              showCount
              onChange={(event) => setSubject(event.target.value)}
              data-testid="template-subject"
            />
          </Form.Item>
        ) : null}
        <Form.Item
          label={t('template.content')}
          required
          validateStatus={contentProblem ? 'error' : undefined}
          help={contentProblem ?? t(type === TemplateType.passcode ? 'template.passcodeRule' : 'template.eKeyRule')}
        >
          <Space wrap size={4} style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">{t('template.insert')}</Typography.Text>
            {insertablePlaceholders(type).map((placeholder) => (
              <Button
                key={placeholder.name}
                size="small"
                onClick={() => insert(placeholder.text)}
                data-testid={`template-insert-${placeholder.name}`}
              >
                {t(`template.placeholder.${placeholder.name}`)}
              </Button>
            ))}
          </Space>
          <Input.TextArea
            ref={textArea}
            value={content}
            autoSize={{ minRows: 4, maxRows: 10 }}
            onChange={(event) => setContent(event.target.value)}
            onBlur={() => setTouched(true)}
            data-testid="template-content"
          />
          <Flex justify="flex-end">
            <Typography.Text type={count > TEMPLATE_MAX_LENGTH ? 'danger' : 'secondary'} data-testid="template-count">
              {count} / {TEMPLATE_MAX_LENGTH}
            </Typography.Text>
          </Flex>
        </Form.Item>
      </Form>
      <Card size="small" title={t('template.preview')} data-testid="template-preview">
        {email ? (
          <Typography.Paragraph strong style={{ marginBottom: 8 }}>
            {previewOf(subject, values) || t('template.standardSubject')}
          </Typography.Paragraph>
        ) : null}
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="template-preview-text">
          {previewOf(content, values) || '—'}
        </Typography.Paragraph>
      </Card>
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} data-testid="template-failure" />
      ) : null}
    </Modal>
  );
}
