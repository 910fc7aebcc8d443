import type { Locale } from '@smartlock/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { antdLocale } from '../i18n/antdLocale';
import { LiveProvider } from '../live/LiveProvider';
import type { Boot } from './boot';
import { Console, type ConsoleContext } from './context';

/** Providers: the console context, Ant Design theme and locale, queries, the live channel, the router. */
export function App({ boot }: { boot: Boot }) {
  const [pack, setPack] = useState<AntdLocale>(boot.antdLocale);
  const [brand, setBrand] = useState(boot.brand);
  const context = useMemo<ConsoleContext>(
    () => ({
      api: boot.api,
      brand,
      locales: boot.locales,
      async setLocale(locale: Locale) {
        const [next, refreshed] = await Promise.all([antdLocale(locale), boot.changeLanguage(locale)]);
        setPack(next);
        setBrand(refreshed);
      },
    }),
    [boot, brand],
  );
  return (
    <Console.Provider value={context}>
      <ConfigProvider
        locale={pack}
        theme={{
          token: { colorPrimary: brand.color, colorInfo: brand.color, colorLink: brand.color, borderRadius: 8 },
        }}
      >
        <AntApp>
          <QueryClientProvider client={boot.queries}>
            <LiveProvider>
              <RouterProvider router={boot.router} />
            </LiveProvider>
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </Console.Provider>
  );
}
