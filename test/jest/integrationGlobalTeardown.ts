import { publishedMigratedTemplate, removeMigratedTemplate } from '../helpers/migratedTemplate';

/** Removes the run's migrated template, also after failures. */
export default async function integrationGlobalTeardown(): Promise<void> {
  const template = publishedMigratedTemplate();
  if (template) await removeMigratedTemplate(template);
}
