import { describe, expect, it } from 'vitest';
import { detailWithLockEvent, pageWithLockEvent } from './lockLive';

const page = {
  list: [
    { lockId: 1, state: 0, battery: 80, lockName: 'Front' },
    { lockId: 2, state: 0, battery: 50, lockName: 'Back' },
  ],
  total: 2,
};

describe('live lock events', () => {
  it('change the bolt and battery of the lock they are about, in place', () => {
    const next = pageWithLockEvent(page, { lockId: 2, state: 1, battery: 49 });
    expect(next.list[1]).toEqual({ lockId: 2, state: 1, battery: 49, lockName: 'Back' });
    expect(next.list[0]).toBe(page.list[0]);
    expect(next.total).toBe(2);
  });
  it('leave a page without the lock untouched', () => {
    expect(pageWithLockEvent(page, { lockId: 9, state: 1, battery: 10 })).toBe(page);
  });
  it("update a lock's detail, and only that lock's", () => {
    const detail = { lockId: 1, state: 0, battery: 80, firmware: '6.1' };
    expect(detailWithLockEvent(detail, { lockId: 1, state: 1, battery: 79 })).toEqual({
      lockId: 1,
      state: 1,
      battery: 79,
      firmware: '6.1',
    });
    expect(detailWithLockEvent(detail, { lockId: 2, state: 1, battery: 79 })).toBe(detail);
  });
});
