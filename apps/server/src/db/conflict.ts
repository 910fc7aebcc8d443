import type { ErrorName } from '@smartlock/contract';
import { ApiError } from '../http/apiError';

/** Runs an insert; a unique violation (the thing exists already) becomes the given catalogue error. */
export async function orConflict<T>(insert: () => Promise<T>, conflict: ErrorName): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(conflict);
    throw error;
  }
}

/** PostgreSQL's unique-violation code, as both drivers report it. */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
