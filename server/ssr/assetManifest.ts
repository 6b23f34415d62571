import fs from 'node:fs';
import path from 'node:path';
import type { ClientAssets } from './htmlDocument';

export const CLIENT_BUILD_DIR = path.resolve(__dirname, '../../dist/client');
export const MANIFEST_FILE = path.join(CLIENT_BUILD_DIR, 'manifest.json');

/** The content-hashed files of the client's entry, as the build wrote them. */
export function readClientAssets(manifestFile: string = MANIFEST_FILE): ClientAssets {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ClientAssets;
  return { scripts: manifest.scripts, styles: manifest.styles };
}
