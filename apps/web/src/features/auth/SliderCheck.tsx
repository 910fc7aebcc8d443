import type { DataOf } from '@smartlock/contract';
import type { user } from '@smartlock/contract/refs';
import { App, Modal, Slider, Spin, Typography } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/failureMessage';
import { useConsole } from '../../app/context';
import { answerSlider, sliderPuzzle } from './authApi';
import { DragTrack } from './dragTrack';

type Puzzle = DataOf<typeof user.getSliderVerifyImg>;

/**
 * The slider check: move the piece to where it continues the picture; a right answer yields a
 * one-use token. A drag is answered when the pointer lets go; with the keyboard, the arrow keys
 * move the piece and Enter answers. How the piece moved goes with the answer (`DragTrack`).
 */
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
  const track = useRef(new DragTrack());

  const load = useCallback(async () => {
    setPuzzle(undefined);
    setX(0);
    track.current.reset();
    try {
      setPuzzle(await sliderPuzzle(api));
    } catch (error) {
      message.error(errorText(t, error));
    }
  }, [api, message, t]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  // During a drag the pointer roams the whole page: its moves are followed there until it lets go.
  const following = useRef<() => void>(undefined);
  function followPointer(clientY: number) {
    track.current.pointerDown(clientY, performance.now());
    const move = (event: PointerEvent) => track.current.pointerMove(event.clientY, performance.now());
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
      following.current = undefined;
    };
    following.current?.();
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    following.current = stop;
  }
  useEffect(() => () => following.current?.(), []);

  async function answer(value: number) {
    if (!puzzle || checking) return;
    setChecking(true);
    try {
      const result = await answerSlider(api, {
        sliderId: puzzle.sliderId,
        x: Math.round(value),
        track: track.current.encode(),
      });
      onSolved(result.sliderToken);
    } catch (error) {
      message.error(errorText(t, error));
      await load();
    } finally {
      setChecking(false);
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void answer(x);
    } else if (
      ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'].includes(event.key)
    ) {
      track.current.keyDown();
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
          {/* The slider inside is the control; this only listens to how it is moved. */}
          <div
            onPointerDownCapture={(event) => followPointer(event.clientY)}
            onKeyDownCapture={onKeyDown}
            style={{ width: puzzle.width, maxWidth: '100%' }}
          >
            <Slider
              min={0}
              max={puzzle.width - puzzle.pieceSize}
              value={x}
              onChange={(value) => {
                setX(value);
                track.current.moved(value, performance.now());
              }}
              onChangeComplete={(value) => {
                // A drag is answered when the pointer lets go (a click that moved nothing is no answer); keys answer with Enter.
                if (track.current.input === 'pointer' && Math.round(value) > 0) void answer(value);
              }}
              disabled={checking}
              tooltip={{ open: false }}
              aria-label={t('slider.title')}
              aria-describedby="slider-keyboard-hint"
            />
          </div>
          <Typography.Text type="secondary" id="slider-keyboard-hint" style={{ fontSize: 12 }}>
            {t('slider.keyboardHint')}
          </Typography.Text>
        </div>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
