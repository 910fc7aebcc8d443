/**
 * Colour contrast as WCAG 2.2 measures it (relative luminance, contrast ratio), and the small
 * colour arithmetic the brand theme needs to reach a ratio: parse, blend, mix, darken.
 */

/** A colour with channels 0..255 and alpha 0..1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** WCAG 2.2 AA: normal text 4.5:1 (1.4.3), user-interface parts and graphics 3:1 (1.4.11). */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i;

/** Reads `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` and `rgba(r, g, b, a)`. */
export function parseColor(css: string): Rgba {
  const text = css.trim();
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    const channel = (i: number) => Number.parseInt(full.slice(i * 2, i * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
  }
  const rgb = RGB.exec(text);
  if (rgb) {
    return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: rgb[4] === undefined ? 1 : Number(rgb[4]) };
  }
  throw new Error(`not a colour: ${css}`);
}

const byte = (value: number) => Math.round(Math.min(255, Math.max(0, value)));

/** `#rrggbb` (alpha dropped: blend first). */
export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((c) => byte(c).toString(16).padStart(2, '0')).join('')}`;
}

/** A translucent colour as it shows over an opaque background. */
export function blend(color: string, background: string): string {
  const fg = parseColor(color);
  const bg = parseColor(background);
  const over = (f: number, b: number) => f * fg.a + b * (1 - fg.a);
  return toHex({ r: over(fg.r, bg.r), g: over(fg.g, bg.g), b: over(fg.b, bg.b), a: 1 });
}

/** `weight` of `color` and the rest of `other`, channel by channel (0 gives `other`, 1 `color`). */
export function mix(color: string, other: string, weight: number): string {
  const a = parseColor(color);
  const b = parseColor(other);
  const at = (x: number, y: number) => x * weight + y * (1 - weight);
  return toHex({ r: at(a.r, b.r), g: at(a.g, b.g), b: at(a.b, b.b), a: 1 });
}

/** WCAG relative luminance of an opaque colour (0 black .. 1 white). */
export function luminance(color: string): number {
  const { r, g, b } = parseColor(color);
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The contrast ratio (1 .. 21) of a foreground on a background; a translucent foreground is
 * blended over the background first, as the screen shows it.
 */
export function contrastRatio(foreground: string, background: string): number {
  const bg = blend(background, '#ffffff');
  const a = luminance(blend(foreground, bg));
  const b = luminance(bg);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The lowest contrast of a colour against each of the backgrounds. */
export function worstContrast(color: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(color, background)));
}

interface Hsl {
  h: number;
  s: number;
  l: number;
}

function toHsl(color: string): Hsl {
  const { r, g, b } = parseColor(color);
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === R ? (G - B) / d + (G < B ? 6 : 0) : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return { h: h / 6, s, l };
}

function fromHsl({ h, s, l }: Hsl): string {
  if (s === 0) return toHex({ r: l * 255, g: l * 255, b: l * 255, a: 1 });
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return toHex({ r: channel(h + 1 / 3) * 255, g: channel(h) * 255, b: channel(h - 1 / 3) * 255, a: 1 });
}

/**
 * The colour darkened only as far as it must be (same hue and saturation, less lightness) to
 * reach `ratio` against every one of the (light) backgrounds; unchanged when it already does.
 */
export function darkenToContrast(color: string, backgrounds: readonly string[], ratio: number): string {
  const start = toHex(parseColor(color));
  if (worstContrast(start, backgrounds) >= ratio) return start;
  const hsl = toHsl(start);
  // Lightness 0 is black, which reaches any ratio a light background allows.
  let low = 0;
  let high = hsl.l;
  for (let step = 0; step < 24; step += 1) {
    const middle = (low + high) / 2;
    if (worstContrast(fromHsl({ ...hsl, l: middle }), backgrounds) >= ratio) low = middle;
    else high = middle;
  }
  // Rounding to whole channels can lose a hair of contrast: step down until it holds.
  let lightness = low;
  let result = fromHsl({ ...hsl, l: lightness });
  while (worstContrast(result, backgrounds) < ratio && lightness > 0) {
    lightness = Math.max(0, lightness - 0.002);
    result = fromHsl({ ...hsl, l: lightness });
  }
  return result;
}

/**
 * The least opaque black (`rgba(0, 0, 0, a)`, alpha in hundredths) that reaches `ratio` on every
 * background: how light secondary text may be and still be read.
 */
export function blackAlphaForContrast(backgrounds: readonly string[], ratio: number): string {
  for (let hundredths = 1; hundredths <= 100; hundredths += 1) {
    const color = `rgba(0, 0, 0, ${hundredths / 100})`;
    if (worstContrast(color, backgrounds) >= ratio) return color;
  }
  return 'rgba(0, 0, 0, 1)';
}
