import { z } from 'zod';

/**
 * zod for the contract. In the browser it never compiles parsers with `new Function`: the page's
 * Content-Security-Policy forbids eval, and zod's probe for it (made when a first object schema is built)
 * is reported as a violation. Set here, in the module every schema file imports zod from, so it holds
 * before any schema exists; the server keeps the compiled parsers.
 */
z.config({ jitless: typeof document !== 'undefined' });

export { z };
