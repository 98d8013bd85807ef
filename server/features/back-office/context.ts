import type { Config } from '../../platform/config';
import type { ServiceContext } from '../../platform/service-context';

/** What the back office's services take: a service context, and the app's settings (links in e-mails). */
export type Ctx = ServiceContext & { config: Pick<Config, 'baseUrl'> };
