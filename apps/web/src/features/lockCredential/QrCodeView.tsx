import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrFileName } from './qrFile';

/**
 * A QR code drawn from its link (in the browser: the link never leaves for another service),
 * with its link, a PNG download and a copy of the link.
 */
export function QrCodeView({
  link,
  label,
  number,
  lockName,
}: {
  link: string;
  label: string;
  number: string;
  /** The lock it opens: its file is named after the lock, then the code. */
  lockName: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [image, setImage] = useState<{ src?: string; failed?: boolean }>({});

  useEffect(() => {
    let live = true;
    setImage({});
    QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 320 })
      .then((src) => live && setImage({ src }))
      .catch(() => live && setImage({ failed: true }));
    return () => {
      live = false;
    };
  }, [link]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      message.success(t('credentialKind.qrCode.copied'));
    } catch {
      message.error(t('client.copyFailed'));
    }
  }

  return (
    <Flex vertical align="center" gap={12} data-testid="qr-view">
      {image.failed ? (
        <Alert type="error" showIcon title={t('client.downloadFailed')} />
      ) : image.src ? (
        <img
          src={image.src}
          alt={t('credentialKind.qrCode.imageAlt', { name: label || number })}
          width={240}
          height={240}
          style={{ maxWidth: '100%', height: 'auto', imageRendering: 'pixelated' }}
          data-testid="qr-image"
          data-link={link}
        />
      ) : (
        <Spin />
      )}
      <Typography.Text
        code
        style={{ wordBreak: 'break-all', textAlign: 'center', maxWidth: 420 }}
        data-testid="qr-link"
      >
        {link}
      </Typography.Text>
      <Flex gap={8} wrap justify="center">
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="qr-copy">
          {t('credentialKind.qrCode.copyLink')}
        </Button>
        <a
          href={image.src}
          download={qrFileName(label, number, lockName)}
          aria-disabled={!image.src}
          onClick={(event) => {
            if (!image.src) event.preventDefault();
          }}
          data-testid="qr-download"
        >
          <Button type="primary" icon={<DownloadOutlined />} disabled={!image.src}>
            {t('credentialKind.qrCode.download')}
          </Button>
        </a>
      </Flex>
    </Flex>
  );
}
