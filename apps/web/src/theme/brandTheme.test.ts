import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { brandColours, brandTheme, SURFACES } from './brandTheme';
import { contrastRatio, parseColor, worstContrast } from './contrast';

/** The brands the browser tests use (hosts localhost and harbor.localhost), as the server configures them. */
const brands = JSON.parse(readFileSync(join(import.meta.dirname, '../../../server/brands.json'), 'utf8')) as {
  default: { color: string };
  brands: { hosts: string[]; color: string }[];
};
const harbor = brands.brands.find((brand) => brand.hosts.includes('harbor.localhost'));
const TEST_BRANDS = [brands.default.color, harbor?.color ?? ''];

/** Brand colours of every kind: the test brands, light ones (yellow, lime, cyan), white, black. */
const COLOURS = [
  ...TEST_BRANDS,
  '#1677ff',
  '#ffcc00',
  '#a0d911',
  '#00ffff',
  '#ff4d4f',
  '#ffffff',
  '#000000',
  '#722ed1',
];

describe('brand colours', () => {
  it('covers both test brands', () => {
    expect(TEST_BRANDS).toEqual(['#1677ff', '#0f766e']);
  });

  for (const brand of COLOURS) {
    it(`${brand}: text 4.5:1 on every surface and tint, fills readable, accents 3:1`, () => {
      const c = brandColours(brand);
      const behindText = [...SURFACES, c.tint, c.tintHover];
      for (const text of [c.text, c.textHover, c.textActive]) {
        expect(worstContrast(text, behindText), text).toBeGreaterThanOrEqual(4.5);
      }
      for (const fill of [c.fill, c.fillHover, c.fillActive]) {
        expect(contrastRatio(c.onFill, fill), fill).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrastRatio(c.accent, '#ffffff')).toBeGreaterThanOrEqual(3);
    });
  }

  it('darkens the default brand blue for text and keeps it for non-text fills', () => {
    const c = brandColours('#1677ff');
    expect(c.text).not.toBe('#1677ff');
    expect(contrastRatio(c.text, '#ffffff')).toBeLessThan(6); // darkened, not black
    const text = parseColor(c.text);
    expect(text.b).toBeGreaterThan(text.g); // still blue
    expect(c.accent).toBe('#1677ff');
    expect(c.onFill).toBe('#ffffff');
  });

  it('keeps the harbor teal as it is: it already reads', () => {
    const c = brandColours('#0f766e');
    expect(c.fill).toBe('#0f766e');
    expect(c.accent).toBe('#0f766e');
    expect(c.onFill).toBe('#ffffff');
    expect(worstContrast(c.text, [...SURFACES, c.tint])).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps a light brand as the button fill with dark text on it, and darkens its text colour', () => {
    const c = brandColours('#ffcc00');
    expect(c.fill).toBe('#ffcc00');
    expect(contrastRatio(c.onFill, c.fill)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(c.text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(c.text).not.toBe('#ffcc00');
  });
});

describe('brand theme (the tokens Ant Design derives from it)', () => {
  for (const brand of COLOURS) {
    it(`${brand}: Ant Design's text, link, status and tag colours reach 4.5:1`, () => {
      const token = theme.getDesignToken(brandTheme(brand)) as unknown as Record<string, string>;
      const on = (fg: string, bg: string) => contrastRatio(token[fg] ?? fg, token[bg] ?? bg);
      const pairs: [string, string][] = [
        ['colorPrimary', 'colorBgContainer'],
        ['colorPrimary', 'colorBgLayout'],
        ['colorPrimary', 'colorPrimaryBg'],
        ['colorLink', 'colorBgContainer'],
        ['colorLink', 'colorBgLayout'],
        ['colorLinkHover', 'colorBgContainer'],
        ['colorTextLightSolid', 'colorPrimary'],
        ['colorTextDescription', 'colorBgContainer'],
        ['colorTextDescription', 'colorBgLayout'],
        ['colorTextTertiary', 'colorFillAlter'],
        ['colorTextPlaceholder', 'colorBgContainer'],
        ['colorTextSecondary', 'colorBgLayout'],
        ['colorSuccess', 'colorSuccessBg'],
        ['colorWarning', 'colorWarningBg'],
        ['colorError', 'colorErrorBg'],
        ['colorError', 'colorBgContainer'],
        ['colorTextLightSolid', 'colorError'],
        ['colorInfo', 'colorInfoBg'],
        ['green7', 'green1'],
        ['green-7', 'green-1'],
        ['orange-7', 'orange-1'],
        ['blue7', 'blue1'],
        ['gold7', 'gold1'],
        ['red7', 'red1'],
        ['orange7', 'orange1'],
        ['cyan7', 'cyan1'],
      ];
      for (const [fg, bg] of pairs) expect(on(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    });
  }
});

describe('a brand colour that cannot be read', () => {
  it('falls back to Ant Design blue, made readable', () => {
    expect(brandColours('not-a-colour')).toEqual(brandColours('#1677ff'));
    expect(brandColours('')).toEqual(brandColours('#1677ff'));
  });
});
