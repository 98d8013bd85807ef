import { confirmProposal, getStatement, importStatement, listStatements } from '#contract/bank-statements';
import { implement } from '../../platform/callables';
import * as statements from './bank-statements.service';
import { returnMailJob } from './return-mails';

/** Bank statements (docs/decisions/033): a space's owners and managers (and admins), checked in the service. */
export const bankStatementsCallables = [
  implement(importStatement, (input, ctx) => statements.importStatement(ctx, input)),
  implement(listStatements, async ({ spaceId }, ctx) => ({
    statements: await statements.listStatements(ctx, spaceId),
  })),
  implement(getStatement, ({ statementId }, ctx) => statements.getStatement(ctx, statementId)),
  implement(confirmProposal, (input, ctx) => statements.confirmProposal(ctx, input)),
];

export const bankStatementJobs = [returnMailJob];
