import { theme } from 'antd';
import { useConsole } from '../app/context';

/** The brand's logo and name. */
export function BrandMark({ inverted = false }: { inverted?: boolean }) {
  const { brand } = useConsole();
  const { token } = theme.useToken();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }} data-testid="brand-name">
      {brand.logoUrl ? <img src={brand.logoUrl} alt="" width={32} height={32} style={{ borderRadius: 6 }} /> : null}
      <span style={{ fontSize: 18, fontWeight: token.fontWeightStrong, color: inverted ? '#fff' : token.colorText }}>
        {brand.name}
      </span>
    </span>
  );
}
