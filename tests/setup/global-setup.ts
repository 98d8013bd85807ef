import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createTemplateDatabase, dropDatabase } from '../support/postgres-template';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

/**
 * Once per `vitest run`: migrate a PostgreSQL template that each test file copies. Its name is unique to the
 * run, so two runs on one server never touch each other's databases.
 */
export default async function globalSetup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const name = `escale_tpl_${randomBytes(4).toString('hex')}`;
  await createTemplateDatabase(url, name);
  project.provide('templateDatabase', name);
  return async () => dropDatabase(url, name);
}
