import { type ThemeConfig, theme } from 'antd';
import {
  AA_NON_TEXT,
  AA_TEXT,
  blackAlphaForContrast,
  contrastRatio,
  darkenToContrast,
  mix,
  parseColor,
  toHex,
} from './contrast';

/**
 * The console's Ant Design theme for a brand colour, meeting WCAG 2.2 AA whatever the colour:
 * text drawn in the brand's colour (links, the selected menu item, tabs, outlined buttons) is the
 * brand darkened until it reads at 4.5:1 on every surface it sits on; fills keep the brand's own
 * colour where they can (primary buttons, their text white or dark, whichever reads; switches,
 * checkboxes, progress, tab ink at 3:1); tints are the brand's. Secondary text, placeholders and
 * status colours (tags, errors, danger buttons) are darkened the same way.
 */

const WHITE = '#ffffff';
/** Ant Design's light surfaces: containers, the layout behind them, table heads and alternate fills. */
export const SURFACES = ['#ffffff', '#f5f5f5', '#fafafa'] as const;
/** Text on a light fill when white does not read (the brand's yellow, say): Ant Design's text colour. */
const DARK_TEXT = '#1f1f1f';

/** The colours derived from one brand colour. */
export interface BrandColours {
  /** The brand colour as configured. */
  brand: string;
  /** Light tints of the brand: selected rows and menu items, the public pages' background. */
  tint: string;
  tintHover: string;
  /** Text and links in the brand's colour, 4.5:1 on every surface and on the tints. */
  text: string;
  textHover: string;
  textActive: string;
  /** A primary button's background and the text on it (4.5:1). */
  fill: string;
  fillHover: string;
  fillActive: string;
  onFill: string;
  /** Checkboxes, switches, progress, tab ink: 3:1 on white (WCAG 1.4.11). */
  accent: string;
}

/** Darker shades for hover and press: darkening only ever raises contrast on light surfaces. */
const shade = (color: string, amount: number) => mix('#000000', color, amount);

/** Ant Design's blue: the colour of a brand whose colour cannot be read. */
const FALLBACK = '#1677ff';

function readable(color: string): string {
  try {
    return toHex(parseColor(color));
  } catch {
    return FALLBACK;
  }
}

export function brandColours(configured: string): BrandColours {
  const brand = readable(configured);
  const tint = mix(brand, WHITE, 0.1);
  const tintHover = mix(brand, WHITE, 0.2);
  const text = darkenToContrast(brand, [...SURFACES, tint, tintHover], AA_TEXT);
  const onWhite = contrastRatio(WHITE, brand);
  // White text reads on the brand: keep it. Nearly (a mid blue): darken the fill as little as it
  // takes. A light brand (yellow): keep the fill, dark text on it.
  const light = onWhite < AA_NON_TEXT;
  const fill = onWhite >= AA_TEXT || light ? brand : darkenToContrast(brand, [WHITE], AA_TEXT);
  const onFill = light ? DARK_TEXT : WHITE;
  return {
    brand,
    tint,
    tintHover,
    text,
    textHover: shade(text, 0.12),
    textActive: shade(text, 0.24),
    fill,
    // A light fill lightens on hover only while dark text still reads on it.
    fillHover: light ? fill : shade(fill, 0.12),
    fillActive: shade(fill, light ? 0.08 : 0.24),
    onFill,
    accent: darkenToContrast(brand, [WHITE], AA_NON_TEXT),
  };
}

/** Ant Design's stock status seeds and their light backgrounds' tints. */
const STATUS = {
  colorSuccess: '#52c41a',
  colorWarning: '#faad14',
  colorError: '#ff4d4f',
} as const;

/** Ant Design's preset colours (tags such as `color="green"` draw text in shade 7 on shade 1). */
const PRESETS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

type TokenRecord = Record<string, string>;

/** Shade 7 of every preset, darkened until it reads on shade 1 and on white. */
function presetTextColours(): TokenRecord {
  const stock = theme.getDesignToken() as unknown as TokenRecord;
  const tokens: TokenRecord = {};
  for (const key of PRESETS) {
    const textColor = stock[`${key}7`];
    const light = stock[`${key}1`];
    if (!textColor || !light) continue;
    // Both spellings: Ant Design's CSS variable (--ant-green-7) is written from either.
    const readableText = darkenToContrast(textColor, [WHITE, light], AA_TEXT);
    tokens[`${key}7`] = readableText;
    tokens[`${key}-7`] = readableText;
  }
  return tokens;
}

/** Each status colour darkened to read as text on the surfaces and on its own tint (kept from the stock seed). */
function statusColours(): TokenRecord {
  const tokens: TokenRecord = {};
  for (const [name, seed] of Object.entries(STATUS)) {
    const bg = mix(seed, WHITE, 0.1);
    tokens[name] = darkenToContrast(seed, [...SURFACES, bg], AA_TEXT);
    tokens[`${name}Bg`] = bg;
  }
  return tokens;
}

/** Secondary text (descriptions, breadcrumbs, hints) and placeholders at 4.5:1 on every surface. */
export const TERTIARY_TEXT = blackAlphaForContrast(SURFACES, AA_TEXT);

let presets: TokenRecord | undefined;

/** The Ant Design theme of a brand colour. */
export function brandTheme(brand: string): ThemeConfig {
  const c = brandColours(brand);
  presets ??= presetTextColours();
  const status = statusColours();
  return {
    token: {
      borderRadius: 8,
      colorPrimary: c.text,
      colorInfo: c.text,
      colorLink: c.text,
      ...status,
      ...presets,
      // Map tokens Ant Design would otherwise derive lighter than the seed (hover) or from it.
      colorPrimaryHover: c.textHover,
      colorPrimaryActive: c.textActive,
      colorLinkHover: c.textHover,
      colorLinkActive: c.textActive,
      colorPrimaryBg: c.tint,
      colorPrimaryBgHover: c.tintHover,
      colorInfoBg: c.tint,
      colorTextTertiary: TERTIARY_TEXT,
      colorTextPlaceholder: TERTIARY_TEXT,
    },
    components: {
      Button: {
        colorPrimary: c.fill,
        colorPrimaryHover: c.fillHover,
        colorPrimaryActive: c.fillActive,
        primaryColor: c.onFill,
        // A default button's hover and press draw its text and border in the brand's colour.
        defaultHoverColor: c.textHover,
        defaultActiveColor: c.textActive,
        defaultHoverBorderColor: c.accent,
        defaultActiveBorderColor: shade(c.accent, 0.12),
      },
      Menu: { itemSelectedColor: c.text, itemSelectedBg: c.tint },
      Tabs: {
        inkBarColor: c.accent,
        itemSelectedColor: c.text,
        itemHoverColor: c.textHover,
        itemActiveColor: c.textActive,
      },
      Switch: { colorPrimary: c.accent, colorPrimaryHover: shade(c.accent, 0.12) },
      Checkbox: { colorPrimary: c.accent, colorPrimaryHover: shade(c.accent, 0.12) },
      Progress: { defaultColor: c.accent },
    },
  };
}
