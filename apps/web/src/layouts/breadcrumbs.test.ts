import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES } from '@smartlock/contract';
import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES } from '../app/routeTable';
import { breadcrumbTrail, pageTitle } from './breadcrumbs';
import { MENU, menuFor, selectedMenu } from './menuModel';

const LOCK = { lockId: 7, lockName: 'Front door' };
const menuLabel = new Map(MENU.map((entry) => [entry.path, entry.label]));
const pathOf = (to: string) => to.split('?')[0] ?? to;

type Tree = { [key: string]: string | Tree };
function words(locale: string, key: string): string {
  const tree = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'i18n', 'locales', `${locale}.json`), 'utf8'));
  const found = key
    .split('.')
    .reduce<Tree | string | undefined>((at, part) => (typeof at === 'object' ? at[part] : undefined), tree);
  if (typeof found !== 'string') throw new Error(`${locale}: no ${key}`);
  return found;
}

describe('breadcrumbs', () => {
  it("every breadcrumb label matches its menu label: a step naming a menu area uses that entry's words, on every route", () => {
    for (const spec of CONSOLE_ROUTES) {
      for (const lock of [undefined, LOCK]) {
        for (const crumb of breadcrumbTrail(spec, lock)) {
          const target = crumb.area ?? (crumb.to ? pathOf(crumb.to) : spec.path);
          const label = menuLabel.get(target as (typeof MENU)[number]['path']);
          if (crumb.key === 'lock') continue;
          if (label) expect('key' in crumb.label && crumb.label.key, `${spec.path} ${crumb.key}`).toBe(label);
        }
      }
    }
  });

  it('the menu entry and the page it opens have one name in every language', () => {
    for (const entry of MENU) {
      const spec = CONSOLE_ROUTES.find((route) => route.path === entry.path);
      expect(spec?.title, entry.path).toBe(entry.label);
      for (const locale of LOCALES) expect(words(locale, entry.label)).toBeTruthy();
    }
  });

  it('starts at the menu area the side menu highlights, then the lock by its name, then the page', () => {
    for (const spec of CONSOLE_ROUTES) {
      const [first] = breadcrumbTrail(spec);
      expect(first?.area, spec.path).toBe(selectedMenu(spec.path));
    }
    expect(breadcrumbTrail({ path: '/manage/records', title: 'route.records', trail: 'lockInfo' }, LOCK)).toEqual([
      { key: 'area', label: { key: 'route.consoleHome' }, area: '/console/home', to: '/console/home' },
      { key: 'lock', label: { text: 'Front door' }, to: '/manage/ekey?lockId=7' },
      { key: 'page', label: { key: 'route.records' } },
    ]);
    // A lock's detail is the lock's own page: its name is not a link to itself.
    expect(breadcrumbTrail({ path: '/manage/ekey', title: 'route.manage.ekey', trail: 'lockInfo' }, LOCK)[1]).toEqual({
      key: 'lock',
      label: { text: 'Front door' },
    });
    // A menu entry's own page is its area alone.
    expect(breadcrumbTrail({ path: '/plug/home', title: 'route.gateways', trail: 'gateway' })).toEqual([
      { key: 'area', label: { key: 'route.gateways' }, area: '/plug/home' },
    ]);
    expect(breadcrumbTrail({ path: '/auth/create', title: 'route.addAuthAdmin', trail: 'authAdmin' })).toEqual([
      { key: 'area', label: { key: 'route.authAdmins' }, area: '/auth/home', to: '/auth/home' },
      { key: 'page', label: { key: 'route.addAuthAdmin' } },
    ]);
  });

  it("a lock page's browser-tab title names the lock", () => {
    expect(pageTitle('Unlock records', 'SmartLock Cloud', 'Front door')).toBe(
      'Unlock records - Front door - SmartLock Cloud',
    );
    expect(pageTitle('Gateways', 'SmartLock Cloud')).toBe('Gateways - SmartLock Cloud');
  });
});

describe('menu', () => {
  it('a brand that sells no paid services shows no value-added services and no exports', () => {
    const paths = menuFor({ hasPaidFeature: false }).map((entry) => entry.path);
    expect(paths).not.toContain('/account/service');
    expect(paths).not.toContain('/console/exportRecord');
    expect(paths).toContain('/console/home');
    expect(menuFor({ hasPaidFeature: true }).map((entry) => entry.path)).toEqual(MENU.map((entry) => entry.path));
  });
});
