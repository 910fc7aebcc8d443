import type { Verdict } from '@smartlock/contract';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** What is wrong with a value: an i18n key (an error of the catalogue or the console's own) and its values. */
export interface Issue {
  key: string;
  params?: Record<string, string | number>;
}

/** A contract verdict as an issue: the catalogue error's words, or none when the verdict is ok. */
export function issueOf(verdict: Verdict): Issue | undefined {
  if (verdict.ok) return undefined;
  return verdict.params
    ? { key: `errors.${verdict.error}`, params: verdict.params }
    : { key: `errors.${verdict.error}` };
}

/** A form rule from a check: the field fails with the issue's words, in the user's language. */
export function issueRule<T>(
  t: TFunction,
  check: (value: T | undefined) => Issue | undefined | Promise<Issue | undefined>,
): Rule {
  return {
    validator: async (_rule, value: T | undefined) => {
      const issue = await check(value);
      if (issue) throw new Error(t(issue.key, issue.params));
    },
  };
}

/** A form rule from a contract rule: the same check and message as the server's (a value that is not text counts as empty). */
export function verdictRule(t: TFunction, check: (value: string) => Verdict | Promise<Verdict>): Rule {
  return issueRule<unknown>(t, async (value) => issueOf(await check(typeof value === 'string' ? value : '')));
}
