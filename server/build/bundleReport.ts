import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLIENT_BUILD_DIR, MANIFEST_FILE } from '../ssr/assetManifest';

export interface BundlePart {
  /** Public paths, e.g. `/assets/main.0123abcd.js`. */
  files: string[];
  gzipBytes: number;
  /** The npm packages bundled into these files, read from their source maps. */
  packages: Set<string>;
}

export interface BundleReport {
  /** The scripts every page (so `/`) loads before it runs. */
  initial: BundlePart;
  /** The player's chunk, imported on the first play. */
  audio: BundlePart;
}

const fileOnDisk = (publicPath: string) => path.join(CLIENT_BUILD_DIR, publicPath.replace(/^\/+/, ''));

/** `node_modules/wavesurfer.js/dist/x.js` → `wavesurfer.js`; scoped names keep their scope. */
function packageOf(source: string): string | null {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
  return match ? match[1]! : null;
}

function describe(files: string[]): BundlePart {
  const packages = new Set<string>();
  let gzipBytes = 0;
  for (const file of files) {
    const code = fs.readFileSync(fileOnDisk(file));
    gzipBytes += gzipSync(code, { level: 9 }).length;
    const map = JSON.parse(fs.readFileSync(`${fileOnDisk(file)}.map`, 'utf8')) as { sources: string[] };
    for (const source of map.sources) {
      const name = packageOf(source);
      if (name) packages.add(name);
    }
  }
  return { files, gzipBytes, packages };
}

/** What the built client (dist/client) sends: the initial scripts and the audio chunk. */
export function readBundleReport(manifestFile: string = MANIFEST_FILE): BundleReport {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { scripts: string[]; lazyChunks?: Record<string, string[]> };
  return { initial: describe(manifest.scripts), audio: describe(manifest.lazyChunks?.audio ?? []) };
}
