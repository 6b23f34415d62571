import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpack from 'webpack';
import { type Logger, logger } from '../logging/logger';
import { CLIENT_BUILD_DIR, MANIFEST_FILE } from '../ssr/assetManifest';
import type { ClientAssets } from '../ssr/htmlDocument';

const ROOT = path.resolve(__dirname, '../..');
/** Everything the browser bundle is made from; a change in any of it makes the build stale. */
const SOURCES = ['client', 'shared', 'sagas', 'webpack.config.ts', 'package-lock.json', 'tsconfig.json'];
const BUILD_INFO = path.join(CLIENT_BUILD_DIR, 'build-info.json');

function listFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((child) => !child.name.startsWith('.'))
    .flatMap((child) => listFiles(path.join(entry, child.name)))
    .filter((file) => !/\.(test|int\.test|e2e\.test)\.tsx?$/.test(file));
}

export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(listFiles).sort()) {
    hash.update(file).update('\0').update(fs.readFileSync(path.join(ROOT, file))).update('\0');
  }
  return hash.digest('hex');
}

export function isBuildFresh(): boolean {
  if (!fs.existsSync(MANIFEST_FILE) || !fs.existsSync(BUILD_INFO)) return false;
  const info = JSON.parse(fs.readFileSync(BUILD_INFO, 'utf8')) as { sourceHash?: string };
  return info.sourceHash === sourceHash();
}

/** Runs webpack in-process and records the entry's files for the server to link. */
export async function buildClient(): Promise<ClientAssets> {
  const { default: createConfig } = await import('../../webpack.config');
  const config = createConfig({ production: true });
  const hash = sourceHash();
  fs.rmSync(CLIENT_BUILD_DIR, { recursive: true, force: true });
  const stats = await new Promise<webpack.Stats>((resolve, reject) => {
    webpack(config, (error, result) => (error || !result ? reject(error ?? new Error('webpack gave no result')) : resolve(result)));
  });
  if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
  const json = stats.toJson({ all: false, entrypoints: true, chunkGroups: true, publicPath: true });
  const publicFiles = (group: { assets?: { name: string }[] } | undefined) =>
    (group?.assets ?? []).map((asset) => `${json.publicPath ?? '/assets/'}${asset.name}`);
  const files = publicFiles(json.entrypoints?.main);
  const assets: ClientAssets = {
    scripts: files.filter((file) => file.endsWith('.js')),
    styles: files.filter((file) => file.endsWith('.css')),
  };
  // The lazily loaded chunks by name (the player's `audio`), for the bundle test and bench.
  const lazyChunks = Object.fromEntries(
    Object.entries(json.namedChunkGroups ?? {})
      .filter(([name]) => name !== 'main')
      .map(([name, group]) => [name, publicFiles(group).filter((file) => file.endsWith('.js'))]),
  );
  fs.writeFileSync(MANIFEST_FILE, JSON.stringify({ ...assets, lazyChunks }, null, 2));
  fs.writeFileSync(BUILD_INFO, JSON.stringify({ sourceHash: hash, builtAt: new Date().toISOString() }, null, 2));
  return assets;
}

/** Builds the client when the build is missing or older than its sources. */
export async function ensureClientBuild(log: Logger = logger): Promise<void> {
  if (isBuildFresh()) {
    log.info('Client build up to date');
    return;
  }
  log.info('Building the storefront client (webpack; a minute or more on a small machine)…');
  const started = Date.now();
  await buildClient();
  log.info(`Client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
