import { ERRORS, type ErrorName } from '@smartlock/contract';

/**
 * docs/permissions.md's table, read as data for the generated permission test: which calls a
 * row covers and what each role may do with them.
 */

export const ROLES = ['visitor', 'owner', 'admin', 'eKeyUser', 'lockUser', 'stranger'] as const;
export type Role = (typeof ROLES)[number];

/** yes: allowed; own: on the caller's own objects only; ownersOnly: the owner's; no: refused. */
export type Verdict = 'yes' | 'own' | 'ownersOnly' | 'no';

export interface Cell {
  verdict: Verdict;
  /** The catalogue error a refusal answers, when not "no permission" (named in the cell). */
  refusal?: ErrorName;
}

export interface PermissionRow {
  /** Exact call paths, and prefixes from `/card/*`. */
  paths: string[];
  prefixes: string[];
  /**
   * A parameter value the row is about ("with keyRight 1"), if any; the value may name an object
   * of the test's world ("on an administrator's key": keyId is the world's adminKeyId).
   */
  condition?: { param: string; value: string };
  cells: Record<Role, Cell>;
  line: number;
}

const VERDICTS: Record<string, Verdict> = { yes: 'yes', own: 'own', "owner's": 'ownersOnly', no: 'no' };

function cellOf(text: string, line: number): Cell {
  const word =
    text
      .trim()
      .split(/[\s,(]+/)[0]
      ?.toLowerCase() ?? '';
  const verdict = VERDICTS[word];
  if (!verdict) throw new Error(`docs/permissions.md line ${line}: "${text.trim()}" is not yes, own, owner's or no`);
  const named = [...text.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1] as string).find((name) => name in ERRORS);
  return named ? { verdict, refusal: named as ErrorName } : { verdict };
}

function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|');
}

/** The table's rows, in order. Throws on a row it cannot read, so the page stays exact. */
export function parsePermissionTable(markdown: string): PermissionRow[] {
  const lines = markdown.split('\n');
  const header = lines.findIndex((l) => /^\|\s*calls\s*\|/.test(l));
  if (header < 0) throw new Error('docs/permissions.md: no table with a "calls" column');
  const rows: PermissionRow[] = [];
  for (let i = header + 2; i < lines.length && lines[i]?.startsWith('|'); i += 1) {
    const cells = splitRow(lines[i] as string);
    if (cells.length !== ROLES.length + 1) throw new Error(`docs/permissions.md line ${i + 1}: ${cells.length} cells`);
    const calls = cells[0] as string;
    const tokens = [...calls.matchAll(/`(\/[A-Za-z/*]+)`/g)].map((m) => m[1] as string);
    const withValue = calls.match(/with `?([A-Za-z]+)`? ([0-9]+)/);
    const condition = withValue
      ? { param: withValue[1] as string, value: withValue[2] as string }
      : /on an administrator's key/.test(calls)
        ? { param: 'keyId', value: 'adminKeyId' }
        : undefined;
    rows.push({
      paths: tokens.filter((t) => !t.endsWith('/*')),
      prefixes: tokens.filter((t) => t.endsWith('/*')).map((t) => t.slice(0, -1)),
      ...(condition ? { condition } : {}),
      cells: Object.fromEntries(ROLES.map((role, r) => [role, cellOf(cells[r + 1] as string, i + 1)])) as Record<
        Role,
        Cell
      >,
      line: i + 1,
    });
  }
  return rows;
}

/**
 * The rows that govern a call: those naming it exactly (with or without a condition), else
 * those covering it by prefix. None means the call is missing from the table.
 */
export function rowsFor(rows: readonly PermissionRow[], path: string): PermissionRow[] {
  const exact = rows.filter((row) => row.paths.includes(path));
  if (exact.length > 0) return exact;
  return rows.filter((row) => row.prefixes.some((prefix) => path.startsWith(prefix)));
}
