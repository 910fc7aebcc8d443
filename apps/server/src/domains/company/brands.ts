import {
  BrandAccountType,
  LOCALES,
  type Locale,
  localesFor,
  passcodeMinLength,
  RELABELLED_TERMS,
  SupportLocaleType,
  valuesOf,
} from '@smartlock/contract';
import { z } from 'zod';
import { WatchedJsonFile, type WatchOptions } from '../../watchedFile';

const localized = z.partialRecord(z.enum(LOCALES), z.string().min(1));

const brandSchema = z.object({
  name: z.string().min(1),
  packageName: z.string().min(1),
  /** Host names this brand is served on; "*.example.com" matches any subdomain. */
  hosts: z.array(z.string().min(1)).default([]),
  logoUrl: z.string().default(''),
  favIconUrl: z.string().default(''),
  backgroundUrl: z.string().default(''),
  copyright: z.string().default(''),
  /** Where the brand's app is found ({appLink} in message templates); the console's address when empty. */
  appUrl: z.string().default(''),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  hasPaidFeature: z.boolean().default(true),
  accountType: z.union(valuesOf(BrandAccountType).map((v) => z.literal(v))).default(BrandAccountType.mobileAndEmail),
  supportLocaleType: z.union(valuesOf(SupportLocaleType).map((v) => z.literal(v))).default(SupportLocaleType.all),
  passcodeMinLength: z.number().int().min(4).max(9).default(6),
  /** Relabelled terms per language; English is the fallback for a language not given. */
  terms: z.partialRecord(z.enum(RELABELLED_TERMS), localized).default({}),
});

const fileSchema = z.object({ default: brandSchema, brands: z.array(brandSchema).default([]) });

export type Brand = z.infer<typeof brandSchema> & { isDefault: boolean; locales: Locale[] };

function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

function matches(pattern: string, host: string): boolean {
  const p = normalizeHost(pattern);
  return p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : p === host;
}

/**
 * The brands file: a default brand and any number of others, each served on its host names.
 * Operators edit the file while the server runs; it is read again when it changes.
 */
export class BrandRegistry {
  private readonly source: WatchedJsonFile<{ default: Brand; brands: Brand[] }>;

  constructor(file: string, options: WatchOptions = {}) {
    const complete = (brand: z.infer<typeof brandSchema>, isDefault: boolean): Brand => ({
      ...brand,
      passcodeMinLength: passcodeMinLength(brand.passcodeMinLength),
      isDefault,
      locales: localesFor(brand.supportLocaleType),
    });
    this.source = new WatchedJsonFile(
      file,
      fileSchema as unknown as z.ZodType<{ default: Brand; brands: Brand[] }, unknown>,
      'Brands file',
      (parsed) => ({
        default: complete(parsed.default, true),
        brands: parsed.brands.map((brand) => complete(brand, false)),
      }),
      options,
    );
  }

  byHost(domainName: string | undefined): Brand {
    const { default: fallback, brands } = this.source.current;
    const host = normalizeHost(domainName ?? '');
    return brands.find((b) => b.hosts.some((pattern) => matches(pattern, host))) ?? fallback;
  }

  byPackageName(packageName: string | undefined): Brand | undefined {
    if (!packageName) return undefined;
    return this.all().find((b) => b.packageName === packageName);
  }

  get default(): Brand {
    return this.source.current.default;
  }

  all(): Brand[] {
    const { default: fallback, brands } = this.source.current;
    return [fallback, ...brands];
  }
}

/** A brand's relabelled terms in a language, English when that language has none. */
export function termsIn(brand: Brand, locale: Locale): Partial<Record<(typeof RELABELLED_TERMS)[number], string>> {
  const out: Partial<Record<(typeof RELABELLED_TERMS)[number], string>> = {};
  for (const term of RELABELLED_TERMS) {
    const text = brand.terms[term]?.[locale] ?? brand.terms[term]?.en_US;
    if (text) out[term] = text;
  }
  return out;
}
