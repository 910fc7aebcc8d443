import { DesktopOutlined } from '@ant-design/icons';
import { MAP_MIN_LOCKS_PER_CITY } from '@smartlock/contract';
import { Card, Col, Empty, Flex, Layout, Row, Segmented, Spin, Statistic, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole } from '../../app/context';
import { BrandMark } from '../../layouts/BrandMark';
import { LanguageSwitcher } from '../../layouts/LanguageSwitcher';
import { LinkButton } from '../../ui/LinkButton';
import { MapStatus } from './MapStatus';
import { MAP_WINDOWS, type MapWindow, windowLabel } from './mapWindow';
import { useMapActivity, useRisenCities } from './useMapActivity';
import { WorldMap } from './WorldMap';

/**
 * The live active-city map (spec: /map/base, public): the cities with enough locks as circles
 * sized by their unlocks in the chosen period, updated as unlocks arrive. Aggregates only.
 */
export default function MapBasePage() {
  const { t } = useTranslation();
  const { brand } = useConsole();
  const { token } = theme.useToken();
  const { activity, connected } = useMapActivity();
  const pulsing = useRisenCities(activity);
  const [window, setWindow] = useState<MapWindow>('day');
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: token.colorBgContainer,
          display: 'flex',
          alignItems: 'center',
          gap: 16,
          paddingInline: 24,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <BrandMark />
        <Typography.Title
          level={1}
          style={{ margin: 0, flex: 1, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}
          data-testid="map-title"
        >
          {t('route.mapBase')}
        </Typography.Title>
        <MapStatus connected={connected} />
        <LinkButton to="/map/new" data-testid="open-big-screen" icon={<DesktopOutlined />}>
          {t('route.mapNew')}
        </LinkButton>
        <LanguageSwitcher />
      </Layout.Header>
      <Layout.Content style={{ padding: 24, width: '100%', maxWidth: 1680, marginInline: 'auto' }}>
        <Flex vertical gap={16}>
          <Flex justify="space-between" align="center" wrap gap={12}>
            <Segmented
              value={window}
              onChange={(value) => setWindow(value as MapWindow)}
              options={MAP_WINDOWS.map((value) => ({ value, label: t(windowLabel(value)) }))}
              data-testid="map-window"
            />
            <Typography.Text type="secondary">{t('map.sizeBy')}</Typography.Text>
          </Flex>
          <Row gutter={[16, 16]}>
            {(
              [
                ['locks', activity?.totals.locks],
                ['cities', activity?.totals.cities],
                ['activeLocks', activity?.totals.activeLocks[window]],
                ['unlocks', activity?.totals.unlocks[window]],
              ] as const
            ).map(([key, value]) => (
              <Col key={key} xs={12} md={6}>
                <Card size="small">
                  <div data-testid={`map-total-${key}`} data-value={value ?? ''}>
                    <Statistic title={t(`map.total.${key}`)} value={value ?? '–'} />
                  </div>
                </Card>
              </Col>
            ))}
          </Row>
          <Card
            styles={{
              body: { padding: 0, position: 'relative', height: 'max(360px, calc(100vh - 330px))', overflow: 'hidden' },
            }}
          >
            <WorldMap
              cities={activity?.cities ?? []}
              window={window}
              pulsing={pulsing}
              colours={{
                sea: token.colorBgLayout,
                land: token.colorFill,
                border: token.colorBgContainer,
                graticule: token.colorBorderSecondary,
                city: brand.color,
                label: token.colorText,
              }}
            />
            {!activity ? (
              <Flex justify="center" align="center" style={{ position: 'absolute', inset: 0 }}>
                <Spin tip={t('map.loading')}>
                  <div style={{ width: 200, height: 60 }} />
                </Spin>
              </Flex>
            ) : activity.cities.length === 0 ? (
              <Flex justify="center" align="center" style={{ position: 'absolute', inset: 0 }}>
                <Empty description={t('map.noCities')} data-testid="map-no-cities" />
              </Flex>
            ) : null}
          </Card>
          <Typography.Text type="secondary" data-testid="map-privacy">
            {t('map.privacy', { count: activity?.minLocksPerCity ?? MAP_MIN_LOCKS_PER_CITY })}
          </Typography.Text>
        </Flex>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>
        <Typography.Text type="secondary">{brand.copyright}</Typography.Text>
      </Layout.Footer>
    </Layout>
  );
}
