import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // BUILD_DIR lets parallel test runs build apart from each other.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: true,
  future: {
    // Our server passes a plain load context (server/app.ts); middleware would change its type.
    v8_middleware: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
