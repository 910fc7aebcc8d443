import type { RgbImage } from './rgbImage';

/** How plain the backdrop around a face is: see measureBackground. */
export interface BackgroundMeasure {
  /** RMS distance of the sampled pixels from their mean colour, in RGB units (0–441). */
  spread: number;
  /** Mean colour difference between neighbouring sampled pixels, in RGB units: texture, clutter. */
  texture: number;
  /** Share of the image that was sampled, 0–1. */
  sampled: number;
}

/** Width of the border strip, as a share of the image's shorter side. */
export const BACKGROUND_STRIP = 0.12;

/**
 * Samples a strip along the top, left and right edges of the image (the bottom edge is the
 * person's shoulders), leaving out the head — the face box widened by a quarter of its width on
 * each side, from the top of the image down to the chin — and the sides below the chin (shoulders),
 * then measures how much the sampled colours vary overall (spread: a second colour, a strong
 * shadow) and between neighbours (texture: noise, patterns, things standing behind the person).
 */
export function measureBackground(
  image: RgbImage,
  face: { x: number; y: number; width: number; height: number },
): BackgroundMeasure {
  const { width, height, data } = image;
  const strip = Math.max(2, Math.round(Math.min(width, height) * BACKGROUND_STRIP));
  const chin = Math.min(height, face.y + face.height);
  const headLeft = face.x - face.width / 4;
  const headRight = face.x + face.width * 1.25;
  const inSample = (x: number, y: number): boolean => {
    if (x >= headLeft && x < headRight && y < chin) return false;
    if (y < strip) return true;
    return y < chin && (x < strip || x >= width - strip);
  };

  let count = 0;
  const sum = [0, 0, 0];
  const sumSq = [0, 0, 0];
  let diffSum = 0;
  let diffCount = 0;
  const colourDiff = (a: number, b: number) =>
    Math.abs((data[a] ?? 0) - (data[b] ?? 0)) +
    Math.abs((data[a + 1] ?? 0) - (data[b + 1] ?? 0)) +
    Math.abs((data[a + 2] ?? 0) - (data[b + 2] ?? 0));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!inSample(x, y)) continue;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const v = data[i + c] ?? 0;
        sum[c] = (sum[c] ?? 0) + v;
        sumSq[c] = (sumSq[c] ?? 0) + v * v;
      }
      count++;
      if (x + 1 < width && inSample(x + 1, y)) {
        diffSum += colourDiff(i, i + 3);
        diffCount++;
      }
      if (y + 1 < height && inSample(x, y + 1)) {
        diffSum += colourDiff(i, i + width * 3);
        diffCount++;
      }
    }
  }
  if (count === 0) return { spread: 0, texture: 0, sampled: 0 };
  let variance = 0;
  for (let c = 0; c < 3; c++) {
    const mean = (sum[c] ?? 0) / count;
    variance += (sumSq[c] ?? 0) / count - mean * mean;
  }
  return {
    spread: Math.sqrt(Math.max(0, variance)),
    texture: diffCount ? diffSum / diffCount : 0,
    sampled: count / (width * height),
  };
}
