import { callableRef } from './callable';
import type { acknowledgeDocument } from './documents';

/** /documents' operations, by name (contract/callable.ts, CallableRef): the page loads without the schemas. */
export const documentCalls = {
  acknowledge: callableRef<typeof acknowledgeDocument>('documents.acknowledge'),
};
