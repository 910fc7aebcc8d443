import { type DataOf, user } from '@smartlock/contract';
import { App, Modal, Slider, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';

type Puzzle = DataOf<typeof user.getSliderVerifyImg>;

/** The slider check: drag the piece into the gap; a right answer yields a one-use token. */
export function SliderCheck({
  open,
  onSolved,
  onCancel,
}: {
  open: boolean;
  onSolved: (token: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useConsole();
  const { message } = App.useApp();
  const [puzzle, setPuzzle] = useState<Puzzle>();
  const [x, setX] = useState(0);
  const [checking, setChecking] = useState(false);

  const load = useCallback(async () => {
    setPuzzle(undefined);
    setX(0);
    try {
      setPuzzle(await api.call(user.getSliderVerifyImg));
    } catch (error) {
      message.error(errorText(t, error));
    }
  }, [api, message, t]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  async function answer(value: number) {
    if (!puzzle) return;
    setChecking(true);
    try {
      const result = await api.call(user.isSliderValid, { sliderId: puzzle.sliderId, x: Math.round(value) });
      onSolved(result.sliderToken);
    } catch (error) {
      message.error(errorText(t, error));
      await load();
    } finally {
      setChecking(false);
    }
  }

  return (
    <Modal open={open} title={t('slider.title')} footer={null} onCancel={onCancel} destroyOnHidden width={380}>
      <Typography.Paragraph type="secondary">{t('slider.hint')}</Typography.Paragraph>
      {puzzle ? (
        <div data-testid="slider-puzzle">
          <div style={{ position: 'relative', width: puzzle.width, height: puzzle.height, maxWidth: '100%' }}>
            <img
              src={puzzle.backgroundImage}
              alt=""
              width={puzzle.width}
              height={puzzle.height}
              style={{ borderRadius: 6 }}
            />
            <img
              src={puzzle.pieceImage}
              alt=""
              width={puzzle.pieceSize}
              height={puzzle.pieceSize}
              style={{
                position: 'absolute',
                left: x,
                top: puzzle.pieceY,
                filter: 'drop-shadow(0 0 3px rgba(0,0,0,.6))',
              }}
            />
          </div>
          <Slider
            min={0}
            max={puzzle.width - puzzle.pieceSize}
            value={x}
            onChange={setX}
            onChangeComplete={(value) => void answer(value)}
            disabled={checking}
            tooltip={{ open: false }}
            aria-label={t('slider.title')}
            style={{ width: puzzle.width, maxWidth: '100%' }}
          />
        </div>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
