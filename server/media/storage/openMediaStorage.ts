import type { Config } from '../../config';
import { LocalDiskStorage } from './localDiskStorage';
import type { MediaStorage } from './mediaStorage';
import { S3Storage, type S3Settings } from './s3Storage';

/** What it takes to open the storage, as plain data: worker threads that write previews get it too. */
export interface MediaStorageSettings {
  dir: string;
  s3: S3Settings | null;
  filesUrl: string;
}

export const mediaStorageSettings = (config: Config): MediaStorageSettings => ({ dir: config.mediaDir, s3: config.s3, filesUrl: config.publicUrls.files });

/** The bucket when S3_BUCKET is set, else the media folder. */
export function createMediaStorage(settings: MediaStorageSettings): MediaStorage {
  return settings.s3 ? new S3Storage(settings.s3, settings.filesUrl) : new LocalDiskStorage(settings.dir, settings.filesUrl);
}

/** As createMediaStorage, and a bucket that cannot be reached stops the start-up with its reason. */
export async function openMediaStorage(settings: MediaStorageSettings): Promise<MediaStorage> {
  if (!settings.s3) return new LocalDiskStorage(settings.dir, settings.filesUrl);
  const storage = new S3Storage(settings.s3, settings.filesUrl);
  try {
    await storage.checkBucket();
  } catch (error) {
    storage.close();
    throw error;
  }
  return storage;
}
