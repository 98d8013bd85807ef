// Which kind of build an environment asks for, written first in the build's stamp (scripts/build.ts) and compared
// by scripts/start.mjs: a test build (`PRECOMPRESS=off`, as the browser tests and hostile-pages build) has no
// brotli and gzip copies of the assets, so `npm start` and the benchmarks, which serve them, build again rather
// than serve it. Plain JavaScript: start.mjs runs where only the production dependencies are installed.

/** @param {NodeJS.ProcessEnv} env */
export function buildKind(env) {
  return env.PRECOMPRESS === 'off' ? 'test build (no precompressed assets)' : 'precompressed assets';
}
