import type { PhotoReason } from '@smartlock/contract';
import { type BackgroundMeasure, measureBackground } from './background';
import type { FoundFace } from './faceDetector';
import type { RgbImage } from './rgbImage';

/**
 * What a face photo must show, and the limits used (documented in docs/credentials.md, "Face
 * photos"). They were chosen on ID-style portraits (which pass with a wide margin: detector ≥ 0.8,
 * nose offset ≤ 0.05, roll ≤ 4°, background spread ≈ 24, texture ≤ 6) against the rejected cases
 * in ./fixtures and ./checkFacePhoto.test.ts.
 */
export const FACE_RULES = {
  /** Below this BlazeFace confidence a detection is noise, not a face (a rocket scored 0.35). */
  presentScore: 0.5,
  /** A face needs this BlazeFace confidence and this FaceMesh confidence to count as clear. */
  clearDetectorScore: 0.6,
  clearLandmarkScore: 0.6,
  /** The face box must span at least this share of the image's shorter side… */
  minFaceShare: 0.2,
  /** …and at least this many pixels of the original photo. */
  minFacePixels: 80,
  /**
   * Frontal: the tip of the nose may sit at most this far from the midpoint between the eyes,
   * along the line through the eyes, in eye distances (≈ 0.3 is a head turned about 15°; a
   * three-quarter or profile view measures 0.6–0.9).
   */
  maxNoseOffset: 0.3,
  /** Frontal: the line through the eyes may tilt at most this much, in degrees. */
  maxRollDegrees: 15,
  /** Plain background: largest colour spread (RMS distance from the mean colour, RGB units). */
  maxBackgroundSpread: 60,
  /** Plain background: largest mean difference between neighbouring pixels (RGB units, summed). */
  maxBackgroundTexture: 15,
  /** Below this share of the image the background strip is too small to judge, and passes. */
  minBackgroundSample: 0.01,
} as const;

export type FaceRuling = { ok: true } | { ok: false; reason: PhotoReason; count?: number; detail: string };

/**
 * Judges the faces found in `image` (the downscaled photo they were searched in); `scale` is the
 * original photo's size over the image's, for the pixel-size rule.
 */
export function judgeFaces(faces: readonly FoundFace[], image: RgbImage, scale: number): FaceRuling {
  const present = faces.filter((face) => face.detectorScore >= FACE_RULES.presentScore);
  if (present.length === 0) return { ok: false, reason: 'noFace', detail: 'no face found' };
  if (present.length > 1) {
    return {
      ok: false,
      reason: 'manyFaces',
      count: present.length,
      detail: `${present.length} faces found: the photo must show one person`,
    };
  }
  const [face] = present as [FoundFace];

  const shorter = Math.min(image.width, image.height);
  const faceSize = Math.min(face.box.width, face.box.height);
  if (faceSize < FACE_RULES.minFaceShare * shorter || faceSize * scale < FACE_RULES.minFacePixels) {
    return {
      ok: false,
      reason: 'faceTooSmall',
      detail: `face too small: ${Math.round(faceSize * scale)} px, ${percent(faceSize / shorter)} of the picture`,
    };
  }

  const pose = facePose(face);
  if (!(Math.abs(pose.noseOffset) <= FACE_RULES.maxNoseOffset)) {
    return {
      ok: false,
      reason: 'faceTurned',
      detail: `face not frontal: turned to one side (nose offset ${pose.noseOffset.toFixed(2)})`,
    };
  }
  if (!(Math.abs(pose.rollDegrees) <= FACE_RULES.maxRollDegrees)) {
    return {
      ok: false,
      reason: 'headTilted',
      detail: `face not frontal: head tilted ${Math.round(Math.abs(pose.rollDegrees))}°`,
    };
  }

  if (face.detectorScore < FACE_RULES.clearDetectorScore || face.landmarkScore < FACE_RULES.clearLandmarkScore) {
    return {
      ok: false,
      reason: 'faceUnclear',
      detail: `face unclear (detector ${face.detectorScore.toFixed(2)}, landmarks ${face.landmarkScore.toFixed(2)})`,
    };
  }

  const background = measureBackground(image, face.box);
  if (!isPlain(background)) {
    return {
      ok: false,
      reason: 'backgroundNotPlain',
      detail: `background not plain (colour spread ${Math.round(background.spread)}, texture ${Math.round(background.texture)})`,
    };
  }
  return { ok: true };
}

/**
 * Where the nose tip sits relative to the eyes: `noseOffset` is its distance from the midpoint
 * between the eyes along the eye line, in eye distances (0 when frontal, negative towards the
 * image's left); `rollDegrees` is the eye line's angle from horizontal.
 */
export function facePose(face: Pick<FoundFace, 'leftEye' | 'rightEye' | 'noseTip'>): {
  noseOffset: number;
  rollDegrees: number;
} {
  const [lx, ly] = face.leftEye;
  const [rx, ry] = face.rightEye;
  const [nx, ny] = face.noseTip;
  const dx = rx - lx;
  const dy = ry - ly;
  const eyeDistanceSq = dx * dx + dy * dy;
  if (!(eyeDistanceSq > 0)) return { noseOffset: Number.POSITIVE_INFINITY, rollDegrees: 0 };
  const noseOffset = ((nx - (lx + rx) / 2) * dx + (ny - (ly + ry) / 2) * dy) / eyeDistanceSq;
  return { noseOffset, rollDegrees: (Math.atan2(dy, dx) * 180) / Math.PI };
}

function isPlain(background: BackgroundMeasure): boolean {
  if (background.sampled < FACE_RULES.minBackgroundSample) return true;
  return background.spread <= FACE_RULES.maxBackgroundSpread && background.texture <= FACE_RULES.maxBackgroundTexture;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
