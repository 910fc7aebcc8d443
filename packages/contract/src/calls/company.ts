import { z } from 'zod';
import { BrandAccountType } from '../enums/account';
import { valuesOf } from '../enums/define';
import { SupportLocaleType } from '../locales';
import { defineCall } from './define';
import { requiredText } from './fields';

/** Terms a customised brand may relabel wherever they appear. */
export const RELABELLED_TERMS = ['users', 'pinCodes', 'credentials', 'history'] as const;
export type RelabelledTerm = (typeof RELABELLED_TERMS)[number];

export const webInfo = z.object({
  name: z.string(),
  packageName: z.string(),
  logoUrl: z.string(),
  favIconUrl: z.string(),
  backgroundUrl: z.string(),
  copyright: z.string(),
  color: z.string(),
  hasPaidFeature: z.boolean(),
  accountType: z.union(valuesOf(BrandAccountType).map((v) => z.literal(v))),
  supportLocaleType: z.union(valuesOf(SupportLocaleType).map((v) => z.literal(v))),
  /** A customised brand (not the default one). */
  isUpdated: z.boolean(),
  passcodeMinLength: z.number().int(),
  /** Relabelled terms in the request's language; absent terms keep the console's words. */
  terms: z.partialRecord(z.enum(RELABELLED_TERMS), z.string()),
});

const domainName = requiredText(253);

export const getCompanyInfo = defineCall({
  path: '/company/getInfo',
  method: 'GET',
  auth: 'public',
  summary:
    'The brand served on a host name: name, logo, colour, languages, relabelled terms. Unknown hosts get the default brand.',
  params: z.object({ domainName }),
  data: webInfo,
});

export const getPasscodeMinLength = defineCall({
  path: '/company/getPasscodeMinLength',
  method: 'GET',
  auth: 'public',
  summary: "The brand's minimum passcode length (4 to 9, default 6).",
  params: z.object({ domainName }),
  data: z.object({ passcodeMinLength: z.number().int() }),
});
