import { AdvancedFunctionDisplay } from '@smartlock/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  [AdvancedFunctionDisplay.disabled]: 'default',
  [AdvancedFunctionDisplay.enabled]: 'success',
  [AdvancedFunctionDisplay.onTrial]: 'processing',
  [AdvancedFunctionDisplay.expiresSoon]: 'warning',
  [AdvancedFunctionDisplay.expired]: 'error',
};

/** The advanced function's display state (spec section 4) as a tag. */
export function VipStateTag({ display }: { display: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[display] ?? 'default'} data-testid="vip-state" data-state={display}>
      {t(`vip.display.${display}`)}
    </Tag>
  );
}
