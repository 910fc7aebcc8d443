import { describe, expect, it } from 'vitest';
import { measureBackground } from './background';
import type { FoundFace } from './faceDetector';
import { FACE_RULES, facePose, judgeFaces } from './rules';
import { paint, rotate } from './testImages';

// A 300 × 400 picture with a plain backdrop, and a frontal face 150 px wide in its upper middle.
const plain = paint(300, 400, () => [190, 192, 200]);
const face: FoundFace = {
  box: { x: 75, y: 90, width: 150, height: 150 },
  detectorScore: 0.9,
  landmarkScore: 1,
  leftEye: [120, 150],
  rightEye: [180, 150],
  noseTip: [150, 185],
};
const at = (overrides: Partial<FoundFace>): FoundFace => ({ ...face, ...overrides });

describe('judgeFaces', () => {
  it('passes one clear frontal face on a plain backdrop', () => {
    expect(judgeFaces([face], plain, 1)).toEqual({ ok: true });
  });

  it('ignores detections too weak to be a face', () => {
    expect(judgeFaces([], plain, 1)).toEqual({ ok: false, reason: 'noFace', detail: 'no face found' });
    expect(judgeFaces([at({ detectorScore: 0.35 })], plain, 1)).toEqual({
      ok: false,
      reason: 'noFace',
      detail: 'no face found',
    });
    expect(judgeFaces([face, at({ detectorScore: 0.3, box: { ...face.box, x: 0 } })], plain, 1)).toEqual({ ok: true });
  });

  it('refuses more than one face', () => {
    const other = at({ box: { x: 10, y: 10, width: 100, height: 100 } });
    expect(judgeFaces([face, other], plain, 1)).toMatchObject({ ok: false, detail: expect.stringMatching(/^2 faces/) });
  });

  it('refuses a face small in the picture, or small in pixels', () => {
    const small = at({ box: { x: 130, y: 100, width: 50, height: 50 } });
    expect(judgeFaces([small], plain, 1)).toMatchObject({ ok: false, detail: expect.stringMatching(/too small/) });
    // 150 px in a photo searched at its own size passes; the same face in a photo shrunk from half the size does not.
    expect(judgeFaces([face], plain, 0.5)).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/too small: 75 px/),
    });
  });

  it('refuses a face turned to the side', () => {
    const turned = at({ noseTip: [172, 185] }); // nose 22 px off centre, eyes 60 px apart: 0.37
    expect(judgeFaces([turned], plain, 1)).toMatchObject({ ok: false, detail: expect.stringMatching(/turned/) });
    expect(judgeFaces([at({ noseTip: [165, 185] })], plain, 1)).toEqual({ ok: true }); // 0.25
  });

  it('refuses a head tilted more than the limit', () => {
    const tilted = at({ rightEye: [180, 130] }); // eye line 18° from horizontal
    expect(judgeFaces([tilted], plain, 1)).toMatchObject({ ok: false, detail: 'face not frontal: head tilted 18°' });
    expect(judgeFaces([at({ rightEye: [180, 140] })], plain, 1)).toEqual({ ok: true }); // 9°
  });

  it('refuses a face found with low confidence', () => {
    for (const weak of [at({ detectorScore: 0.55 }), at({ landmarkScore: 0.4 })]) {
      expect(judgeFaces([weak], plain, 1)).toMatchObject({ ok: false, detail: expect.stringMatching(/unclear/) });
    }
  });

  it('refuses a backdrop that is noisy, two-toned or patterned, not one that is lit unevenly', () => {
    let seed = 1;
    const noise = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return (seed / 2 ** 32) * 255;
    };
    const backdrops = {
      noisy: paint(300, 400, () => [noise(), noise(), noise()]),
      twoTone: paint(300, 400, (x) => (x < 150 ? [40, 40, 50] : [230, 230, 225])),
      striped: paint(300, 400, (x) => ((x >> 3) & 1 ? [200, 60, 60] : [240, 240, 240])),
      gradient: paint(300, 400, (_x, y) => [235 - y * 0.2, 235 - y * 0.2, 240 - y * 0.2]),
    };
    expect(judgeFaces([face], backdrops.noisy, 1)).toMatchObject({ detail: expect.stringMatching(/background/) });
    expect(judgeFaces([face], backdrops.twoTone, 1)).toMatchObject({ detail: expect.stringMatching(/background/) });
    expect(judgeFaces([face], backdrops.striped, 1)).toMatchObject({ detail: expect.stringMatching(/background/) });
    expect(judgeFaces([face], backdrops.gradient, 1)).toEqual({ ok: true });
  });

  it('checks the rules in order: count, size, pose, clarity, background', () => {
    const everythingWrong = at({ box: { x: 130, y: 100, width: 50, height: 50 }, noseTip: [200, 185] });
    expect(judgeFaces([everythingWrong], plain, 1)).toMatchObject({ detail: expect.stringMatching(/too small/) });
    const turnedAndWeak = at({ noseTip: [200, 185], landmarkScore: 0.3 });
    expect(judgeFaces([turnedAndWeak], plain, 1)).toMatchObject({ detail: expect.stringMatching(/turned/) });
  });
});

describe('facePose', () => {
  it('measures the nose along the eye line, whatever the roll', () => {
    expect(facePose(face)).toEqual({ noseOffset: 0, rollDegrees: 0 });
    // The same frontal face rolled 30°: the nose stays centred between the eyes.
    const c = Math.cos(Math.PI / 6);
    const s = Math.sin(Math.PI / 6);
    const turn = ([x, y]: [number, number]): [number, number] => [
      150 + c * (x - 150) - s * (y - 150),
      150 + s * (x - 150) + c * (y - 150),
    ];
    const pose = facePose({ leftEye: turn(face.leftEye), rightEye: turn(face.rightEye), noseTip: turn(face.noseTip) });
    expect(pose.noseOffset).toBeCloseTo(0, 6);
    expect(pose.rollDegrees).toBeCloseTo(30, 6);
  });

  it('calls a face without distinct eyes not frontal', () => {
    const pose = facePose({ leftEye: [10, 10], rightEye: [10, 10], noseTip: [10, 20] });
    expect(Math.abs(pose.noseOffset) <= FACE_RULES.maxNoseOffset).toBe(false);
  });
});

describe('measureBackground', () => {
  it('samples the top and the sides above the chin, leaving out the head', () => {
    // Head-coloured pixels inside the head area and shoulders below the chin do not count.
    const portrait = paint(300, 400, (x, y) => {
      if (y >= 240) return [250, 100, 0]; // shoulders
      if (x >= 38 && x < 262) return [120, 80, 60]; // head and hair
      return [190, 192, 200];
    });
    expect(measureBackground(portrait, face.box)).toMatchObject({ spread: 0, texture: 0 });
    expect(measureBackground(portrait, face.box).sampled).toBeGreaterThan(0.03);
  });

  it('measures a rotated (so partly blank-cornered) backdrop as not plain', () => {
    const busy = rotate(
      paint(300, 400, (x) => ((x >> 2) & 1 ? [0, 0, 0] : [255, 255, 255])),
      10,
      [255, 255, 255],
    );
    expect(measureBackground(busy, face.box).texture).toBeGreaterThan(FACE_RULES.maxBackgroundTexture);
  });
});
