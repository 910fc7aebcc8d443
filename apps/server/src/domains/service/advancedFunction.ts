import { VipStatus } from '@smartlock/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { ApiError } from '../../http/apiError';

/**
 * The advanced (VIP) function, in trial or subscribed: batch unlock and the exports need it
 * (spec section 1); otherwise advancedFunctionRequired.
 */
export async function requireAdvancedFunction(db: Executor, userId: number): Promise<void> {
  const [user] = await db.select({ vipStatus: users.vipStatus }).from(users).where(eq(users.id, userId));
  if (user?.vipStatus !== VipStatus.trial && user?.vipStatus !== VipStatus.open) {
    throw new ApiError('advancedFunctionRequired');
  }
}
