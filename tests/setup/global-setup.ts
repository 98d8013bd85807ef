import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../server/db/client';
import { createTemplateDatabase, dropDatabase } from '../../server/db/postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    pgliteTemplate: string;
  }
}

/**
 * Once per `vitest run`: migrate the templates each test file copies. PGlite's is a dump of a migrated data
 * folder (loading one skips initdb, the slow part of a PGlite start); PostgreSQL's is a database whose name
 * is unique to the run, so two runs on one server never touch each other's databases.
 */
export default async function globalSetup(project: TestProject) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'escale-pglite-template-'));
  const pgliteTemplate = path.join(folder, 'migrated.tar');
  const template = await openPglite('memory://');
  await template.migrate();
  writeFileSync(pgliteTemplate, Buffer.from(await (await template.dump!()).arrayBuffer()));
  await template.close();
  project.provide('pgliteTemplate', pgliteTemplate);

  const url = process.env.DATABASE_URL;
  const name = `escale_tpl_${randomBytes(4).toString('hex')}`;
  if (url) {
    await createTemplateDatabase(url, name);
    project.provide('templateDatabase', name);
  }
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (url) await dropDatabase(url, name);
  };
}
