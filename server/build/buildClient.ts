import { buildClient } from './clientBuild';

buildClient().then(
  (assets) => console.log(`Client built: ${[...assets.scripts, ...assets.styles].join(', ')}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
