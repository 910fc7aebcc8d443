import { readFileSync, statSync } from 'node:fs';
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
  private loadedMtime = -1;
  private checkedAt = 0;
  private defaultBrand!: Brand;
  private brands: Brand[] = [];

  constructor(private readonly file: string) {
    this.reload();
  }

  private reload(): void {
    const mtime = statSync(this.file).mtimeMs;
    if (mtime === this.loadedMtime) return;
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Brands file ${this.file} is invalid: ${problems}`);
    }
    const complete = (brand: z.infer<typeof brandSchema>, isDefault: boolean): Brand => ({
      ...brand,
      passcodeMinLength: passcodeMinLength(brand.passcodeMinLength),
      isDefault,
      locales: localesFor(brand.supportLocaleType),
    });
    this.defaultBrand = complete(parsed.data.default, true);
    this.brands = parsed.data.brands.map((b) => complete(b, false));
    this.loadedMtime = mtime;
  }

  /** Re-reads the file at most every two seconds; a broken edit keeps the last good brands. */
  private fresh(): void {
    const now = Date.now();
    if (now - this.checkedAt < 2000) return;
    this.checkedAt = now;
    try {
      this.reload();
    } catch {
      // Keep serving the last good file; the start-up load reports errors loudly.
    }
  }

  byHost(domainName: string | undefined): Brand {
    this.fresh();
    const host = normalizeHost(domainName ?? '');
    return this.brands.find((b) => b.hosts.some((pattern) => matches(pattern, host))) ?? this.defaultBrand;
  }

  byPackageName(packageName: string | undefined): Brand | undefined {
    this.fresh();
    if (!packageName) return undefined;
    return [this.defaultBrand, ...this.brands].find((b) => b.packageName === packageName);
  }

  get default(): Brand {
    this.fresh();
    return this.defaultBrand;
  }

  all(): Brand[] {
    this.fresh();
    return [this.defaultBrand, ...this.brands];
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
