import { MAP_LIVE_PATH, type MapActivity } from '@smartlock/contract';
import { describe, expect, it, vi } from 'vitest';
import { fakeStreamDeps } from '../../live/fakeStream';
import { MapStream, parseActivity } from './mapStream';
import { risenCities } from './useMapActivity';

const activity = (unlocksToday: number): MapActivity => ({
  generatedAt: 1_700_000_000_000,
  minLocksPerCity: 3,
  totals: {
    locks: 9,
    cities: 1,
    activeLocks: { hour: 1, day: 2, month: 3 },
    unlocks: { hour: 1, day: unlocksToday, month: unlocksToday },
  },
  cities: [
    {
      cityId: 2643743,
      name: 'London',
      country: 'GB',
      lat: 51.5,
      lon: -0.12,
      locks: 3,
      activeLocks: { hour: 1, day: 2, month: 3 },
      unlocks: { hour: 1, day: unlocksToday, month: unlocksToday },
    },
  ],
  hourly: [{ hour: 1_699_999_200_000, unlocks: unlocksToday }],
  methods: [{ method: 'card', unlocks: unlocksToday }],
});

function setUp() {
  const { options, ...rest } = fakeStreamDeps();
  return { stream: new MapStream(options), ...rest };
}

describe('the public map stream', () => {
  it('opens one stream on the map path and shows each activity message it is sent', () => {
    const { stream, sources } = setUp();
    const changed = vi.fn();
    stream.subscribe(changed);
    stream.open();
    stream.open();
    expect(sources.map((s) => s.url)).toEqual([MAP_LIVE_PATH]);
    expect(stream.snapshot()).toEqual({ connected: false });
    sources[0]?.emit('activity', activity(4));
    expect(stream.snapshot()).toEqual({ connected: true, activity: activity(4) });
    const before = stream.snapshot();
    sources[0]?.emit('open');
    expect(stream.snapshot()).toBe(before);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('ignores a message that is not the contract’s activity', () => {
    const { stream, sources } = setUp();
    stream.open();
    sources[0]?.emit('activity', activity(4));
    sources[0]?.emit('activity', { totals: 'many' });
    expect(stream.snapshot().activity?.totals.unlocks.day).toBe(4);
    expect(parseActivity('not json')).toBeUndefined();
  });

  it('keeps the last numbers while away and comes back after a growing delay', () => {
    const { stream, sources, fire } = setUp();
    stream.open();
    sources[0]?.emit('activity', activity(4));
    sources[0]?.emit('error');
    expect(sources[0]?.closed).toBe(true);
    expect(stream.snapshot()).toMatchObject({ connected: false, activity: activity(4) });
    expect(fire()).toBe(1000);
    sources[1]?.emit('error');
    expect(fire()).toBe(2000);
    sources[2]?.emit('open');
    sources[2]?.emit('activity', activity(5));
    expect(stream.snapshot()).toMatchObject({ connected: true, activity: activity(5) });
    sources[2]?.emit('error');
    expect(fire()).toBe(1000);
  });

  it('stops for good when closed', () => {
    const { stream, sources, pending } = setUp();
    stream.open();
    sources[0]?.emit('error');
    stream.close();
    expect(pending).toHaveLength(0);
    stream.open();
    expect(sources).toHaveLength(2);
  });
});

describe('the cities that just had unlocks', () => {
  it('are those whose last-hour unlocks rose; a newly shown city is not one', () => {
    const before = activity(4);
    const after = activity(5);
    after.cities[0] = { ...after.cities[0], unlocks: { hour: 2, day: 5, month: 5 } } as MapActivity['cities'][number];
    after.cities.push({
      ...(after.cities[0] as MapActivity['cities'][number]),
      cityId: 5128581,
      name: 'New York City',
    });
    expect([...risenCities(before, after)]).toEqual([2643743]);
    expect(risenCities(after, after).size).toBe(0);
    expect(risenCities(undefined, after).size).toBe(0);
  });
});
