// @databases pglite
import { beforeAll } from 'vitest';
import type { TStatement } from '#contract/bank-statements';
import {
  describePermissions,
  permissionTestFile,
  type PermissionCase,
} from '../../../tests/support/permission-matrix';
import { issueInvoice } from '../../billing/invoicing';
import { insertPerson, type CallerRole } from '../../db/factories.fixtures';
import { log } from '../../platform/log';
import { systemContext, unitOfWork } from '../../platform/service-context';
import { daySale, giveBillingDetails, setLegalIdentity } from '../invoices/invoices.fixtures';
import { contextFor, routerAtClock } from '../reservations/reservations.fixtures';
import { bankStatementsCallables } from './bank-statements.callables';
import { camt053, type SampleEntry } from './statement-samples.fixtures';

/**
 * Who may call each bank-statement operation (docs/decisions/033): a space's statements are its owners' and
 * managers' (and admins'); everyone else signed in is refused, the managers of another space included, even
 * with a statement's or a line's id.
 */
const { router, cast, now } = permissionTestFile(
  (clock) => routerAtClock(bankStatementsCallables, clock),
  '2027-03-12T10:00',
);
const state = { payerId: '', statementId: '' };
let files = 0;

/** A statement of the space's account holding `entries`, as a file of its own. */
function statementFile(entries: SampleEntry[]) {
  files++;
  return {
    spaceId: cast.spaceId,
    fileName: `releve-${files}.xml`,
    content: camt053({ messageId: `PERMISSIONS-${files}`, day: '2027-03-11', entries }),
  };
}

const importAsManager = (entries: SampleEntry[]) =>
  router.invoke(
    'bankStatements.import',
    statementFile(entries),
    contextFor(cast.db, cast.people.manager.session),
  ) as Promise<TStatement>;

beforeAll(async () => {
  await setLegalIdentity(cast.db, cast.spaceId);
  const payer = await insertPerson(cast.db, { name: 'Camille Martin' });
  await giveBillingDetails(cast.db, payer.id);
  state.payerId = payer.id;
  state.statementId = (
    await importAsManager([{ reference: 'B0', amountCents: 777, name: 'Unknown Payer', remittance: 'don' }])
  ).id;
});

/**
 * A line of a new statement proposed for one click: Camille pays an amount two of her open invoices share,
 * naming neither (an amount of its own each time).
 */
async function proposedLine(): Promise<string> {
  const excludingVat = 1000 + 100 * files;
  for (let twin = 0; twin < 2; twin++)
    await unitOfWork(systemContext({ db: cast.db, log, now }), (work) =>
      issueInvoice(work, daySale(cast.spaceId, state.payerId, excludingVat), 'explicit'),
    );
  const amountCents = (excludingVat * 6) / 5; // VAT at 20 %
  const statement = await importAsManager([
    { reference: `B${files + 1}`, amountCents, name: 'MME CAMILLE MARTIN', remittance: 'loyer' },
  ]);
  const line = statement.lines.find((candidate) => candidate.outcome === 'proposed');
  if (!line) throw new Error(`no proposed line in ${JSON.stringify(statement.lines)}`);
  return line.id;
}

const CASES: Array<PermissionCase<CallerRole>> = [
  {
    name: 'bankStatements.import',
    input: () =>
      statementFile([
        { reference: `I${files + 1}`, amountCents: 555, name: 'Unknown Payer', remittance: 'don' },
      ]),
    expected: 'space-managers',
  },
  { name: 'bankStatements.list', input: () => ({ spaceId: cast.spaceId }), expected: 'space-managers' },
  {
    name: 'bankStatements.get',
    input: () => ({ statementId: state.statementId }),
    expected: 'space-managers',
  },
  {
    name: 'bankStatements.confirm',
    input: async () => ({ lineId: await proposedLine(), option: 0 }),
    expected: 'space-managers',
  },
];

describePermissions('who may call each bank-statement operation', {
  router,
  cast,
  cases: CASES,
  operations: /^bankStatements\./,
});
