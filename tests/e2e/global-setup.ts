import { rmSync } from 'node:fs';
import { startSmtpTestServer } from '../support/smtp-test-server';
import { LANES } from './lanes';

/** Once per run: each lane's SMTP server, which its web server sends mail to (`SMTP_URL` in playwright.config.ts). */
export default async function globalSetup() {
  const servers = await Promise.all(
    LANES.map((lane) => {
      rmSync(lane.mailDir, { recursive: true, force: true });
      rmSync(lane.clockFile, { force: true });
      return startSmtpTestServer({ port: lane.smtpPort, dir: lane.mailDir });
    }),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.close()));
  };
}
