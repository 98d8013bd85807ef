import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  dropStalePostgresTemplates,
  pgliteTemplate,
  postgresTemplate,
  removeStalePgliteTemplates,
  templateHash,
  templateNames,
} from './templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL template databases: migrated, and migrated with the demo data. */
    templateDatabase: string;
    seededTemplateDatabase: string;
    /** PGlite dumps (files of this run): migrated, and migrated with the demo data. */
    pgliteTemplate: string;
    pgliteSeededTemplate: string;
  }
}

/**
 * Before a project's files run: the templates they copy (tests/setup/templates.ts), made only when their
 * sources changed since they were last made, PGlite's for the pglite project and PostgreSQL's for the
 * postgres one. Loading a dump skips initdb and the migrations; copying a seeded template skips the seed.
 */
export default async function globalSetup(project: TestProject) {
  const hash = templateHash();
  const names = templateNames(hash);
  const kind = project.name === 'postgres' ? 'postgres' : 'pglite';

  if (kind === 'pglite') {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'escale-pglite-template-'));
    const migrated = await pgliteTemplate(names.migrated, 'migrated', folder);
    project.provide('pgliteTemplate', migrated);
    project.provide('pgliteSeededTemplate', await pgliteTemplate(names.seeded, 'seeded', folder, migrated));
    removeStalePgliteTemplates([names.migrated, names.seeded]);
    return () => rmSync(folder, { recursive: true, force: true });
  }

  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('the postgres project needs DATABASE_URL');
  const migrated = await postgresTemplate(url, names.migrated, 'migrated');
  project.provide('templateDatabase', migrated);
  project.provide('seededTemplateDatabase', await postgresTemplate(url, names.seeded, 'seeded', migrated));
  await dropStalePostgresTemplates(url, [migrated, `escale_tpl_${names.seeded}`]);
}
