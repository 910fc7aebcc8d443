import { Breadcrumb, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RouteSpec } from '../app/routeTable';
import { breadcrumbTrail, type TrailLock } from './breadcrumbs';
import { MENU_ICONS } from './menu';

/** Where the page is, in the side menu's words: its area (with the menu's icon), the lock, the page. */
export function ConsoleBreadcrumb({
  spec,
  lock,
}: {
  spec: Pick<RouteSpec, 'path' | 'title' | 'trail'>;
  lock?: TrailLock;
}) {
  const { t } = useTranslation();
  const items = breadcrumbTrail(spec, lock).map((crumb) => {
    const words = 'key' in crumb.label ? t(crumb.label.key) : crumb.label.text;
    const text = crumb.area ? (
      <Space key={crumb.key} size={6}>
        <span aria-hidden>{MENU_ICONS[crumb.area]}</span>
        {words}
      </Space>
    ) : (
      words
    );
    return {
      key: crumb.key,
      title: crumb.to ? (
        <Link to={crumb.to} data-testid={`crumb-${crumb.key}`}>
          {text}
        </Link>
      ) : (
        <span data-testid={`crumb-${crumb.key}`}>{text}</span>
      ),
    };
  });
  return <Breadcrumb items={items} style={{ marginBottom: 16 }} data-testid="breadcrumb" />;
}
