import { buildClient, isBuildFresh } from '../server/build/clientBuild';
import { readBundleReport } from '../server/build/bundleReport';
import { type Metric, standalone } from './metric';

const kib = (bytes: number) => bytes / 1024;

/**
 * What a first visit downloads: the scripts of `/` as the server sends them (the build's brotli
 * files; gzip beside), and each chunk that loads later, only where it is used.
 */
export async function bundleBench(progress: (line: string) => void): Promise<Metric[]> {
  if (!isBuildFresh()) {
    progress('bundle: building the client');
    await buildClient();
  }
  const { initial, lazy } = readBundleReport();
  return [
    { ...standalone(`first load: initial JS of / (${initial.files.length} files), brotli`, kib(initial.brotliBytes), 'KiB'), target: '<= 120' },
    standalone(`first load: initial JS of /, gzip`, kib(initial.gzipBytes), 'KiB'),
    ...Object.entries(lazy)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, chunk]) => standalone(`  chunk "${name}", brotli, loaded only where used`, kib(chunk.brotliBytes), 'KiB')),
  ];
}
