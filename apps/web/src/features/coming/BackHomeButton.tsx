import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../ui/LinkButton';

/** The way back to the console home from a screen with nothing to do. */
export function BackHomeButton() {
  const { t } = useTranslation();
  return (
    <LinkButton to="/console/home" type="primary">
      {t('app.backHome')}
    </LinkButton>
  );
}
