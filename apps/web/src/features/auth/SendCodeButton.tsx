import { ERRORS } from '@smartlock/contract';
import { App, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallFailure } from '../../api/client';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { sendValidationCode } from './authApi';
import { SliderCheck } from './SliderCheck';

/**
 * Sends a validation code to the account the form holds; counts down until another may be
 * sent; asks for the slider check when the server wants it.
 */
export function SendCodeButton({
  request,
  type,
}: {
  request: () => Promise<{ account: string; countryCode: string } | undefined>;
  type: number;
}) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const { message } = App.useApp();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const [slider, setSlider] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function send(sliderToken?: string) {
    const target = await request();
    if (!target) return;
    setSending(true);
    try {
      const sent = await sendValidationCode(api, { ...target, type, sliderToken });
      message.success(t('auth.codeSent'));
      setWait(sent.resendAfter);
    } catch (error) {
      if (
        error instanceof CallFailure &&
        error.failure.kind === 'server' &&
        error.failure.code === ERRORS.sliderRequired.code
      ) {
        setSlider(true);
      } else message.error(errorText(t, error));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Button
        onClick={() => void send()}
        loading={sending}
        disabled={wait > 0}
        data-testid="send-code"
        style={{ minWidth: 120 }}
      >
        {wait > 0 ? t('auth.resendIn', { seconds: wait }) : t('auth.sendCode')}
      </Button>
      <SliderCheck
        open={slider}
        onCancel={() => setSlider(false)}
        onSolved={(token) => {
          setSlider(false);
          void send(token);
        }}
      />
    </>
  );
}
