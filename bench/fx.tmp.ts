import { loadConfig } from '../server/config';
import { openAppDeps, closeAppDeps } from '../server/services';
import { generateCatalogueFixture } from './catalogueFixture';
(async () => {
  const deps = await openAppDeps(loadConfig({ DATABASE_URL: 'sqlite:/tmp/fx/fx.sqlite' }));
  await generateCatalogueFixture(deps, 100000, () => undefined);
  await closeAppDeps(deps);
})();
