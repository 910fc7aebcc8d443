import { PHOTO_MAX_BYTES } from '@smartlock/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkFacePhoto, type FacePhotoVerdict } from '../checkFacePhoto';
import { loadFaceDetector } from './faceDetector';
import { decodePhoto } from './image';
import { encodeJpeg, encodePng, fixture, paint, quarterTurn, rotate, withExifOrientation } from './testImages';

const PORTRAIT_SIZE = { width: 224, height: 280 };

/** Loading the models (once) takes about a second; give it room on a slow machine. */
const MODEL_LOAD_TIMEOUT = 120_000;

function expectRequirement(verdict: FacePhotoVerdict, detail: RegExp) {
  expect(verdict).toMatchObject({ ok: false, error: 'photoRequirement' });
  if (!verdict.ok) expect(verdict.detail).toMatch(detail);
}

describe('checkFacePhoto', () => {
  beforeAll(async () => {
    await loadFaceDetector();
  }, MODEL_LOAD_TIMEOUT);

  describe('accepts a frontal portrait on a plain background', () => {
    it.each(['jpg', 'png', 'bmp'] as const)('as %s', async (format) => {
      const verdict = await checkFacePhoto(fixture(`portrait.${format}`));
      expect(verdict).toEqual({ ok: true, ...PORTRAIT_SIZE, format });
    });

    it('turned upright by its EXIF orientation, reporting the upright size', async () => {
      // Stored lying on its side, with the tag saying "turn a quarter clockwise to view".
      const { image } = decodePhoto(fixture('portrait.png'), 'png');
      const stored = encodeJpeg(quarterTurn(image, 'anticlockwise'));
      const verdict = await checkFacePhoto(withExifOrientation(stored, 6));
      expect(verdict).toEqual({ ok: true, ...PORTRAIT_SIZE, format: 'jpg' });
      // Without the tag the face lies on its side and is refused.
      expect((await checkFacePhoto(stored)).ok).toBe(false);
    });
  });

  describe('refuses what is not a jpg, png or bmp', () => {
    it('a GIF', async () => {
      expect(await checkFacePhoto(fixture('not-a-photo.gif'))).toMatchObject({ ok: false, error: 'photoFormat' });
    });

    it('a text file', async () => {
      const text = new TextEncoder().encode('this is not a photo\n');
      expect(await checkFacePhoto(text)).toMatchObject({ ok: false, error: 'photoFormat' });
    });

    it.each([
      ['a png cut short', () => fixture('portrait.png').subarray(0, 2_000)],
      ['a jpg cut short', () => fixture('portrait.jpg').subarray(0, 600)],
      ['jpg magic bytes then garbage', () => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(200).fill(7)])],
      ['a bmp header without pixels', () => fixture('portrait.bmp').subarray(0, 1_000)],
    ])('%s', async (_name, bytes) => {
      const verdict = await checkFacePhoto(bytes());
      expect(verdict).toMatchObject({ ok: false, error: 'photoFormat' });
    });
  });

  it('refuses a file over 2 MB before reading it', async () => {
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(fixture('portrait.png'));
    expect(await checkFacePhoto(big)).toEqual({
      ok: false,
      error: 'photoTooLarge',
      detail: `${PHOTO_MAX_BYTES + 1} bytes`,
    });
  });

  describe('refuses a photo that breaks the face rules', () => {
    it('no face: a landscape', async () => {
      expectRequirement(await checkFacePhoto(fixture('no-face.jpg')), /no face/);
    });

    it('no face: a plain colour', async () => {
      const plain = encodePng(paint(300, 400, () => [200, 210, 220]));
      expectRequirement(await checkFacePhoto(plain), /no face/);
    });

    it('two faces side by side', async () => {
      expectRequirement(await checkFacePhoto(fixture('two-faces.jpg')), /2 faces/);
    });

    it('a face in profile', async () => {
      expectRequirement(await checkFacePhoto(fixture('profile.jpg')), /not frontal: turned/);
    });

    it('a head tilted 25°', async () => {
      const { image } = decodePhoto(fixture('portrait.png'), 'png');
      const tilted = encodePng(rotate(image, 25, [196, 194, 198]));
      expectRequirement(await checkFacePhoto(tilted), /not frontal: head tilted/);
    });

    it('a face too small in the picture', async () => {
      expectRequirement(await checkFacePhoto(fixture('small-face.png')), /too small/);
    });

    it('a busy background (the portrait on colour noise)', async () => {
      expectRequirement(await checkFacePhoto(fixture('busy-background.png')), /background not plain/);
    });

    it('a real background that is not plain (a flag behind the person)', async () => {
      expectRequirement(await checkFacePhoto(fixture('flag-background.jpg')), /background not plain/);
    });
  });

  it('answers photos checked at the same time each on its own, without leaking tensors', async () => {
    const human = await loadFaceDetector();
    await checkFacePhoto(fixture('portrait.jpg'));
    const tensors = human.tf.memory().numTensors;
    const verdicts = await Promise.all(
      ['portrait.jpg', 'two-faces.jpg', 'no-face.jpg', 'portrait.png'].map((name) => checkFacePhoto(fixture(name))),
    );
    expect(verdicts.map((v) => v.ok)).toEqual([true, false, false, true]);
    expect(human.tf.memory().numTensors).toBe(tensors);
  });
});
