import { describe, expect, it } from 'vitest';
import {
  blackAlphaForContrast,
  blend,
  contrastRatio,
  darkenToContrast,
  luminance,
  mix,
  parseColor,
  worstContrast,
} from './contrast';

const close = (value: number, expected: number) => expect(value).toBeCloseTo(expected, 2);

describe('contrast', () => {
  it('reads hex and rgb colours', () => {
    expect(parseColor('#1677ff')).toEqual({ r: 22, g: 119, b: 255, a: 1 });
    expect(parseColor('#FFF')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('#00000080').a).toBeCloseTo(0.5, 2);
    expect(parseColor('rgba(0, 0, 0, 0.45)')).toEqual({ r: 0, g: 0, b: 0, a: 0.45 });
    expect(parseColor('rgb(15,118,110)')).toEqual({ r: 15, g: 118, b: 110, a: 1 });
    expect(() => parseColor('blue')).toThrow(/not a colour/);
  });

  it('measures luminance and ratios as WCAG does', () => {
    close(luminance('#ffffff'), 1);
    close(luminance('#000000'), 0);
    close(contrastRatio('#000000', '#ffffff'), 21);
    close(contrastRatio('#ffffff', '#ffffff'), 1);
    // The audit's figures (axe-core): brand blue on white, grey hints, breadcrumb on the layout.
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrastRatio('#ffffff', '#1677ff')).toBeCloseTo(4.1, 1);
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    expect(contrastRatio('#52c41a', '#f6ffed')).toBeCloseTo(2.2, 1);
    // The well-known threshold grey: #767676 is the lightest grey at 4.5:1 on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('blends translucent colours over their background first', () => {
    expect(blend('rgba(0, 0, 0, 0.45)', '#f5f5f5')).toBe('#878787');
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#f5f5f5')).toBeCloseTo(3.29, 1);
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
  });

  it('darkens a colour only as far as it must, keeping its hue', () => {
    for (const brand of ['#1677ff', '#ffcc00', '#0f766e', '#52c41a', '#ff4d4f', '#ffffff', '#00ffff']) {
      const text = darkenToContrast(brand, ['#ffffff', '#f5f5f5'], 4.5);
      expect(worstContrast(text, ['#ffffff', '#f5f5f5']), brand).toBeGreaterThanOrEqual(4.5);
      // Not darker than needed: a touch lighter would fail.
      if (text !== brand) expect(worstContrast(mix('#ffffff', text, 0.03), ['#ffffff', '#f5f5f5'])).toBeLessThan(4.5);
    }
    // Already readable: unchanged (the second brand's teal).
    expect(darkenToContrast('#0f766e', ['#ffffff'], 4.5)).toBe('#0f766e');
    // Same hue: the blue stays blue, the yellow turns olive-brown, not grey.
    const blue = parseColor(darkenToContrast('#1677ff', ['#ffffff'], 4.5));
    expect(blue.b).toBeGreaterThan(blue.g);
    expect(blue.g).toBeGreaterThan(blue.r);
    const yellow = parseColor(darkenToContrast('#ffcc00', ['#ffffff'], 4.5));
    expect(yellow.r).toBeGreaterThan(yellow.g);
    expect(yellow.g).toBeGreaterThan(yellow.b);
  });

  it('finds the lightest black that reads on every background', () => {
    const color = blackAlphaForContrast(['#ffffff', '#f5f5f5'], 4.5);
    expect(worstContrast(color, ['#ffffff', '#f5f5f5'])).toBeGreaterThanOrEqual(4.5);
    const alpha = parseColor(color).a;
    expect(worstContrast(`rgba(0, 0, 0, ${alpha - 0.01})`, ['#ffffff', '#f5f5f5'])).toBeLessThan(4.5);
  });
});
