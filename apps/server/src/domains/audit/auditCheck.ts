import type { Db } from '../../db/client';
import { AuditTrail, type ChainVerdict } from './auditTrail';

/** One line per account: what the command-line check prints. */
export function describeVerdict(verdict: ChainVerdict): string {
  const from = verdict.anchorSeq > 0 ? ` from anchor #${verdict.anchorSeq}` : '';
  if (verdict.ok) {
    return `account ${verdict.accountId}: ok, ${verdict.checked} entries verified${from} up to #${verdict.verifiedSeq}, head hash ${verdict.headHash}`;
  }
  return `account ${verdict.accountId}: BROKEN at #${verdict.brokenSeq} (${verdict.reason}); verified${from} up to #${verdict.verifiedSeq}, head #${verdict.headSeq}`;
}

/**
 * `npm run audit:check -- [--account <id>]`: verifies one account's chain or every chain, prints
 * a line per account, and answers the exit code: 0 when every chain verifies, 1 when one is broken.
 */
export async function auditCheck(
  db: Db,
  accountId: number | undefined,
  print: (line: string) => void,
): Promise<number> {
  const trail = new AuditTrail(db);
  let broken = 0;
  let accounts = 0;
  const verdicts = accountId === undefined ? trail.verifyAll() : single(trail, accountId);
  for await (const verdict of verdicts) {
    accounts += 1;
    if (!verdict.ok) broken += 1;
    print(describeVerdict(verdict));
  }
  print(`${accounts} account(s) checked, ${broken} broken`);
  return broken > 0 ? 1 : 0;
}

async function* single(trail: AuditTrail, accountId: number) {
  yield await trail.verify(accountId);
}
