import type { Locale, webInfo } from '@smartlock/contract';
import { createContext, useContext } from 'react';
import type { z } from 'zod';
import type { ApiClient } from '../api/client';

export type WebInfo = z.infer<typeof webInfo>;

export interface ConsoleContext {
  api: ApiClient;
  brand: WebInfo;
  /** The languages this brand offers. */
  locales: Locale[];
  setLocale(locale: Locale): Promise<void>;
}

export const Console = createContext<ConsoleContext | null>(null);

export function useConsole(): ConsoleContext {
  const value = useContext(Console);
  if (!value) throw new Error('useConsole outside the console');
  return value;
}
