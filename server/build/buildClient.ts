import { logger } from '../logging/logger';
import { buildClient } from './clientBuild';

// `npm run build`: what was built is the command's result (stdout); a failure is logged with its stack.
buildClient().then(
  (assets) => process.stdout.write(`Client built: ${[...assets.scripts, ...assets.styles].join(', ')}\n`),
  (error: unknown) => {
    logger.fatal({ err: error }, 'Client build failed');
    process.exit(1);
  },
);
