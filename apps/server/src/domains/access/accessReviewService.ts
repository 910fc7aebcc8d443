import type { Db } from '../../db/client';
import { pageOf } from '../../http/paging';
import { goneHolders, idleAdministrators, unusedPermanent } from './accessReviewQueries';

interface Paging {
  pageNo: number;
  pageSize: number;
}

/**
 * Access review (docs/governance.md): what to take back on the locks the caller manages —
 * permanent credentials unused for a number of days, eKeys of people whose account is gone or
 * never was, and (on the locks the caller owns) administrators who stopped logging in. Each list
 * is the caller's own locks' holdings, so a stranger sees nothing of them. Revoking goes through
 * each credential's own delete call.
 */
export class AccessReviewService {
  constructor(private readonly db: Db) {}

  async unused(userId: number, query: Paging & { days: number }) {
    const { total, list } = await unusedPermanent(this.db, userId, query.days, query);
    return pageOf(list, total, query.pageNo, query.pageSize);
  }

  async gone(userId: number, query: Paging) {
    const { total, list } = await goneHolders(this.db, userId, query);
    return pageOf(list, total, query.pageNo, query.pageSize);
  }

  async idleAdmins(userId: number, query: Paging & { days: number }) {
    const { total, list } = await idleAdministrators(this.db, userId, query.days, query);
    return pageOf(list, total, query.pageNo, query.pageSize);
  }
}
