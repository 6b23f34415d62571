import { makeMigratedTemplate, publishMigratedTemplate } from '../helpers/migratedTemplate';

/** Migrates the database every integration test app copies, once for the run (test/helpers/migratedTemplate.ts). */
export default async function integrationGlobalSetup(): Promise<void> {
  publishMigratedTemplate(await makeMigratedTemplate());
}
