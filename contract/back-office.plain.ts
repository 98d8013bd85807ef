import { callableRef } from './callable';
import type { acceptInvitation } from './back-office';

/** /myspaces' operations, by name (contract/callable.ts, CallableRef): the page loads without the schemas. */
export const invitationCalls = {
  accept: callableRef<typeof acceptInvitation>('backoffice.acceptInvitation'),
};
