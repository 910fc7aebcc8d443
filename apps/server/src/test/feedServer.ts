import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A reservation as a test writes it into a feed. */
export interface TestEvent {
  uid: string;
  checkIn: number;
  checkOut: number;
  summary?: string;
  /** Extra lines of the event (ATTENDEE, DESCRIPTION, STATUS...). */
  lines?: string[];
}

const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** An iCalendar feed of these events, with date-times in UTC. */
export function calendarOf(events: TestEvent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Smartlock tests//Stays//EN'];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp(0)}`,
      `DTSTART:${stamp(event.checkIn)}`,
      `DTEND:${stamp(event.checkOut)}`,
      `SUMMARY:${event.summary ?? 'Reserved'}`,
      ...(event.lines ?? []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * A feed served on this machine (port 0) whose content a test changes as it goes: answered with
 * an ETag, 304 to a request that names it; `status` other than 200 answers that status.
 */
export class TestFeedServer {
  body = calendarOf([]);
  status = 200;
  /** Requests answered, and those answered 304. */
  requests = 0;
  unchanged = 0;
  private server: Server | undefined;

  get url(): string {
    const address = this.server?.address() as AddressInfo | undefined;
    return `http://127.0.0.1:${address?.port ?? 0}/calendar.ics`;
  }

  set(events: TestEvent[]): void {
    this.body = calendarOf(events);
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.requests += 1;
      if (this.status !== 200) {
        response.writeHead(this.status).end('no');
        return;
      }
      const etag = `"${Buffer.from(this.body).toString('base64').length}-${hash(this.body)}"`;
      if (request.headers['if-none-match'] === etag) {
        this.unchanged += 1;
        response.writeHead(304).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(this.body);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h >>> 0;
}
