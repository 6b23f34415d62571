/** @jest-environment jsdom */
import { ApiError } from '../../shared/api/apiClient';
import type { BeatDetails } from '../../shared/schemas/studio';
import { FakeUploadRequest } from '../../test/helpers/studioHarness';
import { createXhrBeatUploader, UPLOAD_FAILED } from './xhrBeatUploader';

const DETAILS: BeatDetails = {
  name: 'Night Drive',
  genreIds: [1],
  moodIds: [],
  tags: [],
  bpm: 140,
  key: null,
  scale: null,
  vocalType: 'novocal',
  samplesType: 'royaltyfreesamples',
  priceCents: 24900,
  stemsPriceCents: null,
  previewStartSeconds: 0,
};

function uploaderWithMaster() {
  FakeUploadRequest.opened = [];
  const uploader = createXhrBeatUploader('/api/v1/studio/beats', () => new FakeUploadRequest());
  uploader.hold('u1', { master: new File(['RIFF'], 'beat.wav') });
  return uploader;
}

describe('the studio’s upload transport', () => {
  test('without a cover or stems it sends only details and master, and resolves with the 201 body', async () => {
    const uploader = uploaderWithMaster();
    const transfer = uploader.send('u1', DETAILS, () => undefined);
    const request = FakeUploadRequest.opened[0]!;
    expect([...request.body!.keys()]).toEqual(['details', 'master']);
    expect(request.headers).toEqual({ Accept: 'application/json' });
    request.respond(201, { productId: 10001, status: 'processing' });
    await expect(transfer.done).resolves.toEqual({ productId: 10001, status: 'processing' });
  });

  test('progress is reported in whole percents', () => {
    const uploader = uploaderWithMaster();
    const seen: number[] = [];
    uploader.send('u1', DETAILS, (percent) => seen.push(percent));
    const request = FakeUploadRequest.opened[0]!;
    request.progress(1, 3);
    request.progress(3, 3);
    expect(seen).toEqual([33, 100]);
  });

  test.each([
    [413, {}, 'The file is too large: a master may have up to 300 MB.'],
    [403, { statusCode: 403, message: 'Complete identity verification to start selling tracks' }, 'Complete identity verification to start selling tracks'],
  ])('a %i is an ApiError with the server’s words, or ours when it has none', async (status, body, message) => {
    const uploader = uploaderWithMaster();
    const transfer = uploader.send('u1', DETAILS, () => undefined);
    FakeUploadRequest.opened[0]!.respond(status, body);
    await expect(transfer.done).rejects.toEqual(new ApiError(message, status));
  });

  test('a network failure, or files that were released, fail with words a producer understands', async () => {
    const uploader = uploaderWithMaster();
    const lost = uploader.send('u1', DETAILS, () => undefined);
    FakeUploadRequest.opened[0]!.onerror?.(new ProgressEvent('error'));
    await expect(lost.done).rejects.toEqual(new ApiError(UPLOAD_FAILED, 0));
    uploader.release('u1');
    await expect(uploader.send('u1', DETAILS, () => undefined).done).rejects.toThrow('Choose the files again');
  });
});
