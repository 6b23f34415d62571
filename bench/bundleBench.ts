import { buildClient, isBuildFresh } from '../server/build/clientBuild';
import { readBundleReport } from '../server/build/bundleReport';
import { type Metric, standalone } from './metric';

const kib = (bytes: number) => bytes / 1024;

/** Gzipped bytes of what `/` loads first, and of the player's chunk that the first play loads. */
export async function bundleBench(progress: (line: string) => void): Promise<Metric[]> {
  if (!isBuildFresh()) {
    progress('bundle: building the client');
    await buildClient();
  }
  const { initial, audio } = readBundleReport();
  return [
    standalone(`initial JS of / (${initial.files.length} files), gzipped`, kib(initial.gzipBytes), 'KiB'),
    standalone('player audio chunk (wavesurfer.js + Tone.js), gzipped, on first play', kib(audio.gzipBytes), 'KiB'),
  ];
}
