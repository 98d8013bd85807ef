import type { CallContext } from '../../platform/callables';

/** What the back office's services use of a call: the database, who is asking, the app's settings, the language. */
export type Ctx = Pick<CallContext, 'db' | 'actor' | 'config' | 'locale'>;
