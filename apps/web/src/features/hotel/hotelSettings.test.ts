import { describe, expect, it } from 'vitest';
import { parseCardNumberMsg } from './cardNumberMsg';
import {
  floorsOf,
  type HotelInfoData,
  hotelFormChanged,
  hotelFormIssue,
  hotelParams,
  hotelRoomOf,
  nextBuilding,
  roomFits,
  toHotelForm,
} from './hotelSettings';

const info: HotelInfoData = {
  sector: 3,
  buildings: [
    { building: 2, floors: 5 },
    { building: 1, floors: 12 },
  ],
  locks: [
    { lockId: 10, lockName: 'Room 101', building: 1, floor: 1 },
    { lockId: 11, lockName: 'Room 201', building: null, floor: null },
  ],
};

describe('the card-settings form', () => {
  it('starts from the saved settings, buildings in number order', () => {
    expect(toHotelForm(info)).toEqual({
      sector: 3,
      buildings: [
        { building: 1, floors: 12 },
        { building: 2, floors: 5 },
      ],
    });
  });

  it('sends the sector and the buildings as JSON, in number order, leaving out empty rows', () => {
    expect(
      hotelParams({
        sector: 0,
        buildings: [
          { building: 7, floors: 3 },
          { building: 4, floors: 199 },
          { building: null, floors: 2 },
        ],
      }),
    ).toEqual({ sector: 0, buildings: '[{"building":4,"floors":199},{"building":7,"floors":3}]' });
    expect(hotelParams({ sector: 15, buildings: [] })).toEqual({ sector: 15, buildings: '[]' });
  });

  it('knows when the form differs from what is saved, order aside', () => {
    const form = toHotelForm(info);
    expect(hotelFormChanged(form, info)).toBe(false);
    expect(hotelFormChanged({ ...form, buildings: [...form.buildings].reverse() }, info)).toBe(false);
    expect(hotelFormChanged({ ...form, sector: 4 }, info)).toBe(true);
    expect(hotelFormChanged({ ...form, buildings: form.buildings.slice(1) }, info)).toBe(true);
  });

  it('refuses a sector, building or floor count out of range, and a building given twice', () => {
    expect(hotelFormIssue(toHotelForm(info))).toBeUndefined();
    expect(hotelFormIssue({ sector: 16, buildings: [] })).toEqual({ key: 'hotel.issue.sector' });
    expect(hotelFormIssue({ sector: -1, buildings: [] })).toEqual({ key: 'hotel.issue.sector' });
    expect(hotelFormIssue({ sector: 1, buildings: [{ building: 0, floors: 2 }] })).toEqual({
      key: 'hotel.issue.building',
      params: { row: 1, max: 99 },
    });
    expect(
      hotelFormIssue({
        sector: 1,
        buildings: [
          { building: 1, floors: 2 },
          { building: 100, floors: 2 },
        ],
      }),
    ).toMatchObject({ key: 'hotel.issue.building', params: { row: 2 } });
    expect(hotelFormIssue({ sector: 1, buildings: [{ building: 1, floors: null }] })).toMatchObject({
      key: 'hotel.issue.floors',
    });
    expect(hotelFormIssue({ sector: 1, buildings: [{ building: 1, floors: 200 }] })).toMatchObject({
      key: 'hotel.issue.floors',
      params: { max: 199 },
    });
    expect(hotelFormIssue({ sector: 1, buildings: [{ building: 1, floors: 2.5 }] })).toMatchObject({
      key: 'hotel.issue.floors',
    });
    expect(
      hotelFormIssue({
        sector: 1,
        buildings: [
          { building: 3, floors: 2 },
          { building: 3, floors: 4 },
        ],
      }),
    ).toEqual({ key: 'hotel.issue.duplicate', params: { building: 3 } });
    const many = Array.from({ length: 100 }, (_, index) => ({ building: index + 1, floors: 1 }));
    expect(hotelFormIssue({ sector: 1, buildings: many })).toMatchObject({ key: 'hotel.issue.tooMany' });
  });

  it('offers the next building number when a row is added', () => {
    expect(nextBuilding([])).toBe(1);
    expect(
      nextBuilding([
        { building: 4, floors: 1 },
        { building: null, floors: 1 },
      ]),
    ).toBe(5);
    expect(nextBuilding([{ building: 99, floors: 1 }])).toBeNull();
  });
});

describe('hotel rooms', () => {
  it('offer the floors of a building, none for one not in the settings', () => {
    expect(floorsOf(info.buildings, 2)).toEqual([1, 2, 3, 4, 5]);
    expect(floorsOf(info.buildings, 9)).toEqual([]);
    expect(floorsOf(info.buildings, null)).toEqual([]);
    expect(roomFits(info.buildings, 2, 5)).toBe(true);
    expect(roomFits(info.buildings, 2, 6)).toBe(false);
    expect(roomFits(info.buildings, null, 1)).toBe(false);
  });

  it('give a hotel card the sector, the lock building and floor, and its MAC', () => {
    expect(hotelRoomOf(info, 10, 'AA:BB')).toEqual({ sector: 3, building: 1, floor: 1, lockMac: 'AA:BB' });
    expect(hotelRoomOf(info, 11, 'AA:BB')).toBeUndefined();
    expect(hotelRoomOf(info, 99, 'AA:BB')).toBeUndefined();
  });
});

describe('the card-number information kept for card/send', () => {
  it('reads back what card/manage kept', () => {
    const hotel = { sector: 1, building: 2, floor: 3, lockMac: 'AA', startDate: 1, endDate: 2 };
    expect(parseCardNumberMsg(JSON.stringify({ cardNumber: '12345678', hotel }))).toEqual({
      cardNumber: '12345678',
      hotel,
    });
    expect(parseCardNumberMsg(JSON.stringify({ cardNumber: '12345678', hotel: null }))).toEqual({
      cardNumber: '12345678',
      hotel: null,
    });
    expect(parseCardNumberMsg(JSON.stringify({ cardNumber: '12345678' }))).toEqual({
      cardNumber: '12345678',
      hotel: null,
    });
  });

  it('refuses anything else', () => {
    expect(parseCardNumberMsg(undefined)).toBeUndefined();
    expect(parseCardNumberMsg('not json')).toBeUndefined();
    expect(parseCardNumberMsg('"12345678"')).toBeUndefined();
    expect(parseCardNumberMsg(JSON.stringify({ cardNumber: '12a' }))).toBeUndefined();
    expect(parseCardNumberMsg(JSON.stringify({ cardNumber: 12345678 }))).toBeUndefined();
    expect(parseCardNumberMsg(JSON.stringify({ cardNumber: '12345678', hotel: 'x' }))).toBeUndefined();
    expect(parseCardNumberMsg(JSON.stringify({ cardNumber: '12345678', hotel: { sector: 'a' } }))).toEqual({
      cardNumber: '12345678',
      hotel: null,
    });
  });
});
