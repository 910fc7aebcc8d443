import { PictureOutlined, UserAddOutlined } from '@ant-design/icons';
import { CREDENTIAL_NAME_MAX, ID_NUMBER_MAX, REMARK_MAX, validateIdNumber } from '@smartlock/contract';
import { Alert, Button, Card, Flex, Form, Input, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/failureMessage';
import { useConsole } from '../../../app/context';
import { useLeaveConfirmation } from '../../../app/useLeaveConfirmation';
import { FieldItem } from '../../../ui/FieldItem';
import { FormFooter } from '../../../ui/FormFooter';
import { ValidityEditor } from '../../credentials/ValidityEditor';
import { newValidity, type ValidityDraft, validityIssue, validityParams } from '../../credentials/validity';
import type { LockDetail } from '../../lock/lockApi';
import { namingParams } from '../credentialForm';
import { addFace, checkFacePhoto } from '../lockCredentialApi';
import { followable } from '../startedOperation';
import { FaceAuthPanel } from './FaceAuthPanel';
import { FACE_ACCEPT, faceFileIssue, faceMimeType, facePhotoIssue } from './faceFile';
import { IssueFrame } from './IssueFrame';
import { IssueOutcome } from './IssueOutcome';
import { useIssueOperation } from './useIssueOperation';

/** A chosen photo: its file, its preview, and how the checks went. */
interface Photo {
  file: File;
  /** Only for content that is an image the browser can show. */
  preview: string | undefined;
  state: 'checking' | 'accepted' | 'rejected';
  /** Why it was rejected: the console's check or the server's (translated) message. */
  reason?: string;
  source?: 'client' | 'server';
  size?: { width: number; height: number };
}

/** The form, once the lock is known to take faces. */
function IssueFaceForm({ detail }: { detail: LockDetail }) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const lockId = detail.lockId;
  const input = useRef<HTMLInputElement>(null);
  const [photo, setPhoto] = useState<Photo>();
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [remark, setRemark] = useState('');
  const [initial] = useState(() => newValidity(Date.now()));
  const [validity, setValidity] = useState<ValidityDraft>(initial);
  const [issue, setIssue] = useState<string>();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const operation = useIssueOperation('face', lockId);
  const checkRun = useRef(0);
  const dirty = photo !== undefined || name !== '' || idNumber !== '' || remark !== '';
  useLeaveConfirmation(dirty && operation.added === undefined);

  // The preview's object URL lives as long as its photo.
  const previewUrl = photo?.preview;
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  async function choose(file: File | undefined) {
    if (!file) return;
    const run = ++checkRun.current;
    setIssue(undefined);
    setError(undefined);
    // The name and size first: a file too large is not even read.
    const named = faceFileIssue(file);
    const bytes = named ? new Uint8Array(0) : new Uint8Array(await file.arrayBuffer());
    if (run !== checkRun.current) return;
    const type = faceMimeType(bytes);
    const preview = type ? URL.createObjectURL(new Blob([bytes], { type })) : undefined;
    const local = named ?? facePhotoIssue(bytes);
    if (local) {
      setPhoto({ file, preview, state: 'rejected', reason: t(local.key, local.params), source: 'client' });
      return;
    }
    setPhoto({ file, preview, state: 'checking' });
    try {
      const size = await checkFacePhoto(api, file);
      if (run === checkRun.current) setPhoto({ file, preview, state: 'accepted', size });
    } catch (failure) {
      if (run === checkRun.current) {
        setPhoto({ file, preview, state: 'rejected', reason: errorText(t, failure), source: 'server' });
      }
    }
  }

  async function submit() {
    if (photo?.state !== 'accepted') return setIssue(t('credentialKind.face.photoRequired'));
    if (!name.trim()) return setIssue(t('form.nameRequired'));
    const idVerdict = validateIdNumber(idNumber);
    if (!idVerdict.ok) return setIssue(t(`errors.${idVerdict.error}`));
    const validityProblem = validityIssue(validity, Date.now());
    if (validityProblem) return setIssue(t(validityProblem.key, validityProblem.params));
    setIssue(undefined);
    setError(undefined);
    setSending(true);
    try {
      const naming = namingParams({ name, remark });
      const reply = await addFace(
        api,
        {
          lockId,
          name: naming.name ?? name.trim(),
          idNumber: idNumber.trim(),
          ...(naming.remark ? { remark: naming.remark } : {}),
          ...validityParams(validity),
        },
        photo.file,
      );
      operation.start(reply.credential, followable(reply.operation));
    } catch (failure) {
      setError(errorText(t, failure));
    } finally {
      setSending(false);
    }
  }

  const working = sending || operation.busy;
  return (
    <Flex vertical gap={16}>
      <Card size="small" type="inner" title={t('credentialKind.face.authTitle')}>
        <FaceAuthPanel detail={detail} />
      </Card>
      <Form layout="vertical" onFinish={() => void submit()} disabled={working} data-testid="issue-face-form">
        <Form.Item label={t('credentialKind.face.photo')} extra={t('credentialKind.face.photoHint')} required>
          <Flex gap={16} wrap align="flex-start">
            <Flex
              align="center"
              justify="center"
              style={{
                width: 160,
                height: 200,
                border: '1px dashed rgba(128,128,128,0.5)',
                borderRadius: 8,
                overflow: 'hidden',
              }}
            >
              {photo?.preview ? (
                <img
                  src={photo.preview}
                  alt={t('credentialKind.face.preview')}
                  style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
                  data-testid="face-photo-preview"
                />
              ) : (
                <PictureOutlined style={{ fontSize: 40, opacity: 0.4 }} />
              )}
            </Flex>
            <Flex vertical gap={8} style={{ flex: '1 1 200px' }}>
              <input
                ref={input}
                type="file"
                accept={FACE_ACCEPT}
                style={{ display: 'none' }}
                onChange={(event) => {
                  void choose(event.target.files?.[0]);
                  event.target.value = '';
                }}
                data-testid="face-photo-input"
              />
              <Button
                icon={<PictureOutlined />}
                onClick={() => input.current?.click()}
                style={{ alignSelf: 'flex-start' }}
                data-testid="face-photo-choose"
              >
                {t(photo ? 'credentialKind.face.photoChange' : 'credentialKind.face.photoChoose')}
              </Button>
              {photo ? (
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
                  {photo.file.name}
                </Typography.Text>
              ) : null}
              {photo?.state === 'checking' ? (
                <Flex gap={8} align="center" data-testid="face-photo-checking">
                  <Spin size="small" />
                  <Typography.Text type="secondary">{t('credentialKind.face.photoChecking')}</Typography.Text>
                </Flex>
              ) : null}
              {photo?.state === 'accepted' ? (
                <Alert
                  type="success"
                  showIcon
                  title={t('credentialKind.face.photoAccepted', {
                    width: photo.size?.width ?? 0,
                    height: photo.size?.height ?? 0,
                  })}
                  data-testid="face-photo-ok"
                />
              ) : null}
              {photo?.state === 'rejected' ? (
                <Alert
                  type="error"
                  showIcon
                  title={<span data-testid="face-photo-error">{photo.reason}</span>}
                  description={t('credentialKind.face.photoRules')}
                  data-testid="face-photo-rejected"
                  data-source={photo.source}
                />
              ) : null}
            </Flex>
          </Flex>
        </Form.Item>
        <FieldItem label={t('credential.field.name')} required>
          <Input
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={CREDENTIAL_NAME_MAX}
            showCount
            data-testid="face-name-input"
          />
        </FieldItem>
        <FieldItem label={t('credential.column.idNumber')} extra={t('credentialKind.face.idNumberHint')} required>
          <Input
            value={idNumber}
            onChange={(event) => setIdNumber(event.target.value)}
            maxLength={ID_NUMBER_MAX}
            autoComplete="off"
            style={{ maxWidth: 320 }}
            data-testid="face-id-number-input"
          />
        </FieldItem>
        <FieldItem label={t('credential.field.remark')}>
          <Input.TextArea
            value={remark}
            onChange={(event) => setRemark(event.target.value)}
            maxLength={REMARK_MAX}
            autoSize={{ minRows: 2 }}
            data-testid="face-remark-input"
          />
        </FieldItem>
        <Form.Item label={t('validity.label')}>
          <ValidityEditor value={validity} onChange={setValidity} hints="credential.validity" disabled={working} />
        </Form.Item>
        <IssueOutcome
          form="face"
          tab="face"
          lockId={lockId}
          issue={issue}
          error={error}
          operation={operation}
          addedName={operation.added?.name ?? name}
          backLabel={t('credentialKind.face.backToList')}
        ></IssueOutcome>
        <FormFooter
          icon={<UserAddOutlined />}
          busy={working}
          disabled={photo?.state !== 'accepted'}
          testId="issue-face-submit"
        >
          {t('credentialKind.face.add')}
        </FormFooter>
      </Form>
    </Flex>
  );
}

/**
 * Adds a face (manage/issueFace): a photo (JPG, PNG or BMP, at most 2 MB, checked here and by
 * the server as soon as it is chosen, so a rejection is explained before anything is sent), the
 * holder's name and ID number, and a validity; then follows the addition through the gateway.
 * The lock's face identification balance and frequency are shown to its owner.
 */
export default function IssueFacePage() {
  return <IssueFrame kind="face">{(detail) => <IssueFaceForm detail={detail} />}</IssueFrame>;
}
