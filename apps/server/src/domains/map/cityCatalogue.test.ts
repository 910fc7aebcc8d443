import { describe, expect, it } from 'vitest';
import { cityById, fold, largestCities, searchCities } from './cityCatalogue';

describe('the bundled cities', () => {
  it('finds cities by the start of their name, largest first, accents and case ignored', () => {
    const found = searchCities('syd');
    expect(found[0]).toMatchObject({ cityId: 2147714, name: 'Sydney', country: 'AU' });
    expect(found[0]?.lat).toBeCloseTo(-33.87, 1);
    expect(searchCities('SAO PAULO')[0]).toMatchObject({ name: 'São Paulo', country: 'BR' });
    expect(searchCities('melbourne', { country: 'US' }).every((city) => city.country === 'US')).toBe(true);
    expect(searchCities('zzqqxx')).toEqual([]);
    expect(searchCities('a')).toHaveLength(20);
  });

  it('looks a city up by its GeoNames id, and knows no other', () => {
    expect(cityById(2158177)).toMatchObject({ name: 'Melbourne', country: 'AU' });
    expect(cityById(1)).toBeUndefined();
    expect(fold('  Zürich ')).toBe('zurich');
  });

  it('lists the most populous cities first', () => {
    const top = largestCities(50);
    expect(top).toHaveLength(50);
    expect(top.map((city) => city.population)).toEqual([...top.map((city) => city.population)].sort((a, b) => b - a));
    expect(top.map((city) => city.name)).toContain('Shanghai');
  });
});
