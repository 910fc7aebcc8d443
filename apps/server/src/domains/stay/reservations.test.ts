import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEED_EVENTS_MAX, localeOfLanguage, readReservations, zonedToUtc } from './reservations';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const HOUR = 3_600_000;
/** The lock is an hour ahead of UTC (Central Europe in winter). */
const offsetMs = HOUR;
const now = Date.UTC(2027, 0, 1);

function read(name: string) {
  const reading = readReservations(fixture(name), { offsetMs, now });
  if (!reading.ok) throw new Error(reading.errorKey);
  return reading;
}

describe('reading reservations from feeds in the platforms’ styles', () => {
  it('Airbnb: all-day stays at 15:00 and 11:00 of the lock, blocked dates and long-ended stays left out', () => {
    const { reservations, uids } = read('airbnb.ics');
    expect(reservations.map((r) => r.uid)).toEqual([
      '1418fb94e984-9a3e5d1f0b4c7e2a8d6f@airbnb.com',
      '1418fb94e984-2c7d0e6b3f9a1d4e5b8c@airbnb.com',
    ]);
    const [first] = reservations;
    expect(first).toMatchObject({
      summary: 'Reserved',
      guestName: '',
      email: null,
      // "Last 4 digits" are no phone number.
      phone: null,
      locale: undefined,
      cancelled: false,
      checkIn: Date.UTC(2027, 2, 5, 15) - offsetMs,
      checkOut: Date.UTC(2027, 2, 8, 11) - offsetMs,
    });
    // The ended stay is still the feed's (not revoked as gone), the blocked dates are not.
    expect(uids.has('1418fb94e984-0a1b2c3d4e5f6a7b8c9d@airbnb.com')).toBe(true);
    expect(uids.has('7f28c31d5e0a-5e1b9c4d7a2f8e3b6d0c@airbnb.com')).toBe(false);
  });

  it('Booking.com: the guest from the summary, language from the description, cancelled kept as cancelled, CLOSED left out', () => {
    const { reservations } = read('booking.ics');
    expect(reservations).toHaveLength(2);
    expect(reservations[0]).toMatchObject({ guestName: 'Jan Novák', locale: 'cs_CZ', cancelled: false });
    expect(reservations[1]).toMatchObject({
      uid: '4412983377@booking.com',
      guestName: 'Marie Dubois',
      cancelled: true,
    });
  });

  it('Vrbo: date-times with TZID and in UTC, the guest and language from ATTENDEE, "Blocked" left out', () => {
    const { reservations } = read('vrbo.ics');
    expect(reservations).toHaveLength(2);
    expect(reservations[0]).toMatchObject({
      guestName: 'Anna Schmidt',
      email: 'anna.schmidt@example.de',
      locale: 'de_DE',
      // 16:00 in Berlin in May (summer time, UTC+2).
      checkIn: Date.UTC(2027, 4, 14, 14),
      checkOut: Date.UTC(2027, 4, 18, 8),
    });
    expect(reservations[1]).toMatchObject({
      guestName: 'Luca Bianchi',
      email: null,
      checkIn: Date.UTC(2027, 5, 1, 13),
      checkOut: Date.UTC(2027, 5, 4, 9),
    });
  });

  it('PMS: the contact and language from "Email:", "Phone:", "Language:" lines; an owner block left out', () => {
    const { reservations } = read('pms.ics');
    expect(reservations).toHaveLength(2);
    expect(reservations[0]).toMatchObject({
      guestName: 'Sofia Oliveira',
      email: 'sofia.oliveira@example.com.br',
      phone: '+5511987654321',
      locale: 'pt_PT',
    });
    expect(reservations[1]).toMatchObject({ guestName: 'Kenji Watanabe', email: null, phone: '+819012345678' });
    expect(reservations[1]?.locale).toBeUndefined();
  });

  it('refuses what is not a calendar, and a feed of more than the most events', () => {
    expect(readReservations('<html>not a calendar</html>', { offsetMs, now })).toMatchObject({
      ok: false,
      errorKey: 'stayFeed.notCalendar',
    });
    const event = (i: number) =>
      `BEGIN:VEVENT\r\nUID:u${i}\r\nDTSTART;VALUE=DATE:20270301\r\nDTEND;VALUE=DATE:20270302\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\n`;
    const many = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${Array.from({ length: FEED_EVENTS_MAX + 1 }, (_, i) => event(i)).join('')}END:VCALENDAR\r\n`;
    expect(readReservations(many, { offsetMs, now })).toMatchObject({
      ok: false,
      errorKey: 'stayFeed.tooManyEvents',
      errorParams: { max: FEED_EVENTS_MAX },
    });
  });

  it('leaves out stays more than 400 days ahead', () => {
    const far = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:far\r\nDTSTART;VALUE=DATE:20290301\r\nDTEND;VALUE=DATE:20290302\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
    const reading = readReservations(far, { offsetMs, now });
    expect(reading.ok && reading.reservations).toEqual([]);
  });

  it('maps language tags and names to the 14 languages', () => {
    expect(localeOfLanguage('de')).toBe('de_DE');
    expect(localeOfLanguage('pt-BR')).toBe('pt_BR');
    expect(localeOfLanguage('Japanese')).toBe('ja_JP');
    expect(localeOfLanguage('Klingon')).toBeUndefined();
  });

  it('turns a wall-clock time of a zone into UTC across daylight saving', () => {
    expect(zonedToUtc(Date.UTC(2027, 0, 10, 12), 'Europe/Berlin')).toBe(Date.UTC(2027, 0, 10, 11));
    expect(zonedToUtc(Date.UTC(2027, 6, 10, 12), 'Europe/Berlin')).toBe(Date.UTC(2027, 6, 10, 10));
    expect(zonedToUtc(0, 'Not/AZone')).toBeUndefined();
  });
});
