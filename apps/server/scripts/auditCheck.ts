// `npm run audit:check -w @smartlock/server -- [--account <id>]`: verifies the audit trail's hash
// chains (docs/governance.md "Audit trail") in the database the server uses: DATABASE_URL, else
// the embedded engine in DATA_DIR (stop the server first: the embedded engine has one user).
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { auditCheck } from '../src/domains/audit/auditCheck';

const { values } = parseArgs({ options: { account: { type: 'string' } } });
const account = values.account === undefined ? undefined : Number(values.account);
if (account !== undefined && !(Number.isInteger(account) && account > 0)) {
  console.error('--account takes an account id (a positive integer)');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  process.exitCode = await auditCheck(database.db, account, (line) => console.log(line));
} finally {
  await database.close();
}
