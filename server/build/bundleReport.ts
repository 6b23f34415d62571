import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLIENT_BUILD_DIR, MANIFEST_FILE } from '../ssr/assetManifest';

export interface BundlePart {
  /** Public paths, e.g. `/assets/main.0123abcd.js`. */
  files: string[];
  gzipBytes: number;
  /** What goes over the wire to a browser that asks for brotli: the build's `.br` files. */
  brotliBytes: number;
  /** The npm packages bundled into these files, read from their source maps. */
  packages: Set<string>;
  /** Our own source files bundled into them (`client/features/…`), from the same maps. */
  modules: Set<string>;
}

export interface BundleReport {
  /**
   * The scripts every page (so `/`) loads to run: the loader the page links, and the app it
   * fetches once the page is painted (`app` and the `vendor` file with it, client/index.tsx).
   */
  initial: BundlePart;
  /** The player's chunk, imported on the first play. */
  audio: BundlePart;
  /** Every chunk loaded later, by name: `audio`, and the pages' `content`, `sites` and `support`. */
  lazy: Record<string, BundlePart>;
}

const fileOnDisk = (publicPath: string) => path.join(CLIENT_BUILD_DIR, publicPath.replace(/^\/+/, ''));

/** `node_modules/wavesurfer.js/dist/x.js` → `wavesurfer.js`; scoped names keep their scope. */
function packageOf(source: string): string | null {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source);
  return match ? match[1]! : null;
}

/** `webpack://beatcrate/./client/App.tsx` → `client/App.tsx`. */
const ownModuleOf = (source: string) => /^webpack:\/\/[^/]*\/\.\/((?:client|shared|sagas)\/.*)$/.exec(source)?.[1] ?? null;

function describe(files: string[]): BundlePart {
  const packages = new Set<string>();
  const modules = new Set<string>();
  let gzipBytes = 0;
  let brotliBytes = 0;
  for (const file of files) {
    const code = fs.readFileSync(fileOnDisk(file));
    gzipBytes += gzipSync(code, { level: 9 }).length;
    brotliBytes += fs.statSync(`${fileOnDisk(file)}.br`).size;
    const map = JSON.parse(fs.readFileSync(`${fileOnDisk(file)}.map`, 'utf8')) as { sources: string[] };
    for (const source of map.sources) {
      const name = packageOf(source);
      if (name) packages.add(name);
      const own = ownModuleOf(source);
      if (own) modules.add(own);
    }
  }
  return { files, gzipBytes, brotliBytes, packages, modules };
}

/** What the built client (dist/client) sends: the scripts of a first load, the audio chunk and the other later chunks. */
export function readBundleReport(manifestFile: string = MANIFEST_FILE): BundleReport {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { scripts: string[]; lazyChunks?: Record<string, string[]> };
  const lazy = Object.fromEntries(Object.entries(manifest.lazyChunks ?? {}).map(([name, files]) => [name, describe(files)]));
  const firstLoad = [...new Set([...manifest.scripts, ...(manifest.lazyChunks?.app ?? [])])];
  const { app: _app, ...later } = lazy;
  return { initial: describe(firstLoad), audio: lazy.audio ?? describe([]), lazy: later };
}
