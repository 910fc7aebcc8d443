import { describe, expect, it } from 'vitest';
import { cityRadius, worldGeometry } from './worldGeometry';

describe('the world map drawing', () => {
  const world = worldGeometry(1000, 500);

  it('draws every country but Antarctica from the bundled data', () => {
    expect(world.countries.length).toBeGreaterThan(170);
    expect(world.countries.some((country) => country.id === '010')).toBe(false);
    expect(world.countries.every((country) => country.d.startsWith('M'))).toBe(true);
    expect(world.borders.length).toBeGreaterThan(1000);
  });

  it('places cities where they are: west to east, north to south, inside the box', () => {
    const london = world.project(-0.13, 51.51);
    const newYork = world.project(-74.01, 40.71);
    const shenzhen = world.project(114.06, 22.55);
    const sydney = world.project(151.21, -33.87);
    for (const point of [london, newYork, shenzhen, sydney]) {
      expect(point).toBeDefined();
      const [x, y] = point as [number, number];
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(1000);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(500);
    }
    const x = (p: [number, number] | undefined) => (p as [number, number])[0];
    const y = (p: [number, number] | undefined) => (p as [number, number])[1];
    expect(x(newYork)).toBeLessThan(x(london));
    expect(x(london)).toBeLessThan(x(shenzhen));
    expect(y(london)).toBeLessThan(y(shenzhen));
    expect(y(shenzhen)).toBeLessThan(y(sydney));
  });

  it('sizes cities by area: none is smallest, the busiest largest, a quarter of it half way', () => {
    expect(cityRadius(0, 100)).toBe(4);
    expect(cityRadius(5, 0)).toBe(4);
    expect(cityRadius(100, 100)).toBe(26);
    expect(cityRadius(250, 100)).toBe(26);
    expect(cityRadius(25, 100)).toBe(15);
  });
});
