/** Decoded pixels, 3 bytes (R, G, B) a pixel, row by row from the top left. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The bytes claim a format but do not hold a picture we can read. */
export class PhotoDecodeError extends Error {
  override name = 'PhotoDecodeError';
}
