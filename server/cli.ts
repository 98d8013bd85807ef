/**
 * The compiled server's entry, `build/node/escale.js` (made by `npm run build`), run with plain node:
 *
 *   node build/node/escale.js           serve: migrations applied, demo data into an empty database outside production
 *   node build/node/escale.js migrate   apply the migrations and exit
 *   node build/node/escale.js seed      load the demo data into an empty database and exit (refused in production)
 *   node build/node/escale.js check     validate the environment and exit
 *   node build/node/escale.js verify-ledger [--anchor <anchor>]… [spaceId…]   check every (or each named or
 *                                       anchored) space's chains (invoices, credit notes and payments; credit;
 *                                       activity) against their heads, counters and anchors, and the platform's
 *                                       activity; exit 1 when one is broken, naming where
 *   node build/node/escale.js copy-files-to-bucket   copy DATA_DIR/files into the S3_BUCKET (again: only
 *                                       what is new), then exit 1 if a file the database records is missing
 *
 * Only the configuration is read before the rest is imported: a wrong setting stops the process with one
 * line naming the variable, and libraries are loaded after NODE_ENV is settled.
 */
import { ConfigError, readConfig, type Config } from './platform/config';

function readConfigOrExit(): Config {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`escale: ${error.message}\n`);
    process.exit(1);
  }
}

const COMMANDS = ['serve', 'migrate', 'seed', 'check', 'verify-ledger', 'copy-files-to-bucket'] as const;
type Command = (typeof COMMANDS)[number];

const command = (process.argv[2] ?? 'serve') as Command;
if (!COMMANDS.includes(command)) {
  process.stderr.write(`escale: unknown command ${command} (expected ${COMMANDS.join(', ')})\n`);
  process.exit(1);
}
const config = readConfigOrExit();
if (command === 'check') process.exit(0);
if (command === 'copy-files-to-bucket' && !config.s3) {
  process.stderr.write(
    'escale: copy-files-to-bucket needs a bucket: set S3_BUCKET (and the other S3_ settings)\n',
  );
  process.exit(1);
}
// React and other libraries choose their production build from NODE_ENV when first imported. The built app
// always runs them so, also for a newcomer's `npm start`; `config.production`, read above from the caller's
// environment, is what says whether this is a deployment.
process.env.NODE_ENV = 'production';
const { runCommand } = await import('./commands');
await runCommand(command, config, process.argv.slice(3));
