import type { TestProject } from 'vitest/node';
import { prepareTemplates } from './helpers/templates.js';

/** Migrates the databases that test installations are copied from, once for the whole run. */
export default async function setup(project: TestProject): Promise<() => void> {
  const { templates, remove } = await prepareTemplates(process.env.TEST_DATABASE_URL);
  project.provide('databaseTemplates', templates);
  return remove;
}
