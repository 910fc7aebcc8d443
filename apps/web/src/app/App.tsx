import type { Locale } from '@smartlock/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { antdLocale } from '../i18n/antdLocale';
import { LiveProvider } from '../live/LiveProvider';
import { brandColours, brandTheme } from '../theme/brandTheme';
import '../theme/accessibility.css';
import type { Boot } from './boot';
import { Console, type ConsoleContext } from './context';
import { focusableScrollers } from './focusableScrollers';
import { inertMeasureRows } from './inertMeasureRows';

/** Providers: the console context, Ant Design theme (the brand's, readable: theme/brandTheme) and locale, queries, the live channel, the router. */
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
  const theme = useMemo(() => brandTheme(brand.color), [brand.color]);
  // The keyboard focus ring's colour (theme/accessibility.css), readable on every surface.
  useEffect(() => {
    document.documentElement.style.setProperty('--focus-ring', brandColours(brand.color).text);
  }, [brand.color]);
  useEffect(() => inertMeasureRows(), []);
  useEffect(() => focusableScrollers(), []);
  return (
    <Console.Provider value={context}>
      <ConfigProvider locale={pack} theme={theme}>
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
