import { company } from '@smartlock/contract';
import { type Route, route } from '../../http/router';
import { type BrandRegistry, termsIn } from './brands';

/** The company-info and passcode-length look-ups, from the brands file. */
export function companyRoutes(brands: BrandRegistry): Route[] {
  return [
    route(company.getCompanyInfo, async (params, ctx) => {
      const brand = brands.byHost(params.domainName);
      return {
        name: brand.name,
        packageName: brand.packageName,
        logoUrl: brand.logoUrl,
        favIconUrl: brand.favIconUrl,
        backgroundUrl: brand.backgroundUrl,
        copyright: brand.copyright,
        color: brand.color,
        hasPaidFeature: brand.hasPaidFeature,
        accountType: brand.accountType,
        supportLocaleType: brand.supportLocaleType,
        isUpdated: !brand.isDefault,
        passcodeMinLength: brand.passcodeMinLength,
        terms: termsIn(brand, ctx.locale),
      };
    }),
    route(company.getPasscodeMinLength, async (params) => ({
      passcodeMinLength: brands.byHost(params.domainName).passcodeMinLength,
    })),
  ];
}
