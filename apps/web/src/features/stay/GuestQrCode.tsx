import { Spin } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A stay's QR code for a lock's reader, drawn in the browser (what it carries never leaves for another service). */
export function GuestQrCode({ value, lockName }: { value: string; lockName: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    setSrc(undefined);
    QRCode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: 320 })
      .then((url) => live && setSrc(url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [value]);
  if (!src) return <Spin />;
  return (
    <img
      src={src}
      alt={t('stayGuest.qrAlt', { lockName })}
      width={240}
      height={240}
      style={{ maxWidth: '100%', height: 'auto', imageRendering: 'pixelated', background: '#fff' }}
      data-testid="stay-guest-qr"
    />
  );
}
