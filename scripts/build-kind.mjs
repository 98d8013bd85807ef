// Which kind of build an environment asks for, written first in the build's stamp (scripts/build.ts) and compared
// by scripts/start.mjs: a test build (`PRECOMPRESS=off`, as the browser tests and hostile-pages build) has no
// brotli and gzip copies of the assets, so `npm start` and the benchmarks, which serve them, build again rather
// than serve it. Plain JavaScript: start.mjs runs where only the production dependencies are installed.

/** Whether the environment asks for a test build: no brotli and gzip copies. @param {NodeJS.ProcessEnv} env */
export function isTestBuild(env) {
  return env.PRECOMPRESS === 'off';
}

/** The kind's name, as the stamp holds it. @param {NodeJS.ProcessEnv} env */
export function buildKind(env) {
  return isTestBuild(env) ? 'test build (no precompressed assets)' : 'precompressed assets';
}
