/** @jest-environment jsdom */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, type ApiRequest } from '../../../shared/api/apiClient';
import { navigationRequested } from '../../../shared/features/navigation/navigationSlice';
import type { StudioBeat } from '../../../shared/schemas/studio';
import type { StudioBeatList } from '../../../shared/schemas/studioAnswers';
import { BEAT_DETAILS } from '../../../test/helpers/beatDetails';
import { FakeUploadRequest, openStudio } from '../../../test/helpers/studioHarness';

const beat = (productId: number, name: string, changes: Partial<StudioBeat> = {}): StudioBeat => ({
  productId,
  name,
  status: 'listed',
  message: null,
  priceCents: 24900,
  durationSeconds: 151,
  coverImageSrc: null,
  submittedAt: '2026-11-20T09:30:00.000Z',
  details: { ...BEAT_DETAILS, name, priceCents: changes.priceCents ?? 24900 },
  hasStems: false,
  ...changes,
});

const EVERY_STATE: StudioBeat[] = [
  beat(10006, 'Night Drive', { status: 'processing', durationSeconds: null }),
  beat(10005, 'Broken File', { status: 'failed', message: 'The master is not a WAV, AIFF, FLAC or MP3 file.' }),
  beat(10004, 'Waiting Room', { status: 'pending' }),
  beat(10003, 'Too Loud', { status: 'rejected', message: 'The sample is not cleared' }),
  beat(10002, 'Studio Sunrise', { status: 'listed', priceCents: 19900 }),
  beat(10001, 'Gone Gold', { status: 'sold' }),
];

const list = (beats: StudioBeat[], verified = true): StudioBeatList => ({ verified, verification: verified ? 'verified' : 'none', beats });

/** Answers GET /studio/beats with each list in turn (the last one again after that), and records every other call to `other`. */
function studioApi(lists: StudioBeatList[], other: (request: ApiRequest) => unknown = () => undefined) {
  let reads = 0;
  return (request: ApiRequest) => {
    // A copy each time, as from the network: a list read again is a new object.
    if (request.method === 'GET' && request.path === '/studio/beats') return JSON.parse(JSON.stringify(lists[Math.min(reads++, lists.length - 1)])) as unknown;
    return other(request);
  };
}

const row = (name: string) => within(screen.getByRole('listitem', { name }));
const errorOf = (control: HTMLElement) => document.getElementById(control.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent;

describe('My beats', () => {
  test('an unverified producer reads SPEC’s line with the way to Account, and gets no upload form', async () => {
    await openStudio({ role: 'producer', pathname: '/dashboard/beats', answer: studioApi([list([], false)]) });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My beats');
    expect(screen.getByText('Complete identity verification to start selling tracks')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Account' }).getAttribute('href')).toBe('/dashboard/account/profile');
    expect(screen.queryByRole('button', { name: 'Upload a beat' })).toBeNull();
  });

  test('a producer whose details wait for review is told so in My beats', async () => {
    await openStudio({ role: 'producer', pathname: '/dashboard/beats', answer: studioApi([{ verified: false, verification: 'pending', beats: [] }]) });
    expect(screen.getByText('Your details are waiting for a moderator; you can upload as soon as they are verified.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload a beat' })).toBeNull();
  });

  test('a verified producer is shown the way to their custom services', async () => {
    await openStudio({ role: 'producer', pathname: '/dashboard/beats', answer: studioApi([list([])]) });
    expect(screen.getByText(/^Offer custom services/).textContent).toBe('Offer custom services: Custom services');
    expect(screen.getByRole('link', { name: 'Custom services' }).getAttribute('href')).toBe('/dashboard/custom-services');
  });

  test('each beat shows its price, duration and state in words; Edit and Delist/Delete only where the state allows', async () => {
    await openStudio({ role: 'producer', pathname: '/dashboard/beats', answer: studioApi([list(EVERY_STATE)]) });
    const words = EVERY_STATE.map((one) => row(one.name).getByText(/^(Processing…|Could not be processed: .*|Waiting for review|Rejected: .*|Listed|Sold)$/).textContent);
    expect(words).toEqual([
      'Processing…',
      'Could not be processed: The master is not a WAV, AIFF, FLAC or MP3 file.',
      'Waiting for review',
      'Rejected: The sample is not cleared',
      'Listed',
      'Sold',
    ]);
    expect(row('Studio Sunrise').getByText('$199.00')).toBeTruthy();
    expect(row('Studio Sunrise').getByText('2:31')).toBeTruthy();
    const buttons = (name: string) => row(name).queryAllByRole('button').map((button) => button.textContent);
    expect(EVERY_STATE.map((one) => buttons(one.name))).toEqual([[], ['Delete'], ['Edit', 'Delete'], ['Edit', 'Delete'], ['Edit', 'Delist'], []]);
  });

  test('Edit opens the beat’s form with what the producer stated: the schema’s message shows beside a wrong field, and Save sends the details', async () => {
    const user = userEvent.setup();
    const saved: ApiRequest[] = [];
    const listed = beat(10002, 'Studio Sunrise', { priceCents: 19900 });
    await openStudio({
      role: 'producer',
      pathname: '/dashboard/beats',
      answer: studioApi([list([listed]), list([{ ...listed, name: 'Studio Sunset', priceCents: 29900 }])], (request) => {
        if (request.method !== 'PUT') return undefined;
        saved.push(request);
        return { status: 'ok' };
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Edit Studio Sunrise' }));
    const form = within(screen.getByRole('form', { name: 'Edit Studio Sunrise' }));
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Studio Sunrise');
    expect((form.getByRole('checkbox', { name: 'Trap' }) as HTMLInputElement).checked).toBe(true);
    expect((form.getByLabelText('BPM (60–250)') as HTMLInputElement).value).toBe('140');
    expect((form.getByLabelText('Tags (up to 10, separated by commas)') as HTMLInputElement).value).toBe('dark, piano');
    expect((form.getByLabelText('Key') as HTMLSelectElement).value).toBe('C');
    // The beat came without stems: there is no stems price to set.
    expect(form.queryByLabelText('Stems price (USD)')).toBeNull();
    const price = form.getByLabelText('Price (USD, 199–999)');
    expect((price as HTMLInputElement).value).toBe('199.00');
    await user.clear(price);
    await user.type(price, '50');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(price)).toBe('The price must be from $199 to $999');
    expect(saved).toEqual([]);

    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'Studio Sunset');
    await user.clear(price);
    await user.type(price, '299');
    await user.selectOptions(form.getByLabelText('Key'), 'F#');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([
      {
        method: 'PUT',
        path: '/studio/beats/10002',
        body: {
          name: 'Studio Sunset',
          genreIds: [1],
          moodIds: [2],
          tags: ['dark', 'piano'],
          bpm: 140,
          key: 'F#',
          scale: 'minor',
          vocalType: 'novocal',
          samplesType: 'royaltyfreesamples',
          priceCents: 29900,
          stemsPriceCents: null,
          previewStartSeconds: 0,
        },
      },
    ]);
    expect(screen.queryByRole('form', { name: /^Edit/ })).toBeNull();
    expect(row('Studio Sunset').getByText('$299.00')).toBeTruthy();
  });

  test('what is typed in a beat’s form survives the list being read again while another beat processes', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const beats = [beat(10007, 'Night Drive', { status: 'processing' }), beat(10002, 'Studio Sunrise')];
      const { calls } = await openStudio({ role: 'producer', pathname: '/dashboard/beats', answer: studioApi([list(beats)]) });
      await user.click(screen.getByRole('button', { name: 'Edit Studio Sunrise' }));
      const name = within(screen.getByRole('form', { name: 'Edit Studio Sunrise' })).getByLabelText('Name') as HTMLInputElement;
      await user.clear(name);
      await user.type(name, 'Studio Sunset');
      await act(async () => jest.advanceTimersByTime(2000));
      expect(calls.filter((call) => call.path === '/studio/beats').length).toBeGreaterThan(1);
      expect(name.value).toBe('Studio Sunset');
    } finally {
      jest.useRealTimers();
    }
  });

  test('Delist asks first; confirmed, the beat leaves the list; Keep it changes nothing', async () => {
    const user = userEvent.setup();
    const deleted: string[] = [];
    await openStudio({
      role: 'producer',
      pathname: '/dashboard/beats',
      answer: studioApi([list(EVERY_STATE.slice(2, 5))], (request) => {
        if (request.method !== 'DELETE') return undefined;
        deleted.push(request.path);
        return { status: 'ok' };
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Delete Waiting Room' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete Waiting Room?' })).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delist Studio Sunrise' }));
    const confirm = within(screen.getByRole('alertdialog', { name: 'Delist Studio Sunrise?' }));
    expect(confirm.getByText(/It leaves the shop at once/)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Yes, delist' }));
    expect(deleted).toEqual(['/studio/beats/10002']);
    expect(screen.queryByRole('listitem', { name: 'Studio Sunrise' })).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Waiting Room' })).toBeTruthy();
  });

  test('a refused delisting says why in the confirmation', async () => {
    const user = userEvent.setup();
    await openStudio({
      role: 'producer',
      pathname: '/dashboard/beats',
      answer: studioApi([list([beat(10002, 'Studio Sunrise')])], (request) => (request.method === 'DELETE' ? new ApiError('A sold beat cannot be deleted', 409) : undefined)),
    });
    await user.click(screen.getByRole('button', { name: 'Delist Studio Sunrise' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delist' }));
    expect(within(screen.getByRole('alertdialog')).getByText('A sold beat cannot be deleted')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Studio Sunrise' })).toBeTruthy();
  });
});

describe('uploading a beat', () => {
  const wav = () => new File(['RIFF....WAVEfmt '], 'night-drive.wav', { type: 'audio/wav' });
  const png = () => new File(['\x89PNG'], 'cover.png', { type: 'image/png' });
  const zip = () => new File(['PK'], 'stems.zip', { type: 'application/zip' });

  async function fillDetails(user: ReturnType<typeof userEvent.setup>, form: ReturnType<typeof within>) {
    await user.type(form.getByLabelText('Name'), 'Night Drive');
    await user.click(form.getByRole('checkbox', { name: 'Trap' }));
    await user.click(form.getByRole('checkbox', { name: 'Drill' }));
    await user.click(form.getByRole('checkbox', { name: 'energetic' }));
    await user.type(form.getByLabelText('BPM (60–250)'), '142');
    await user.type(form.getByLabelText('Price (USD, 199–999)'), '249');
  }

  test('the form checks every field before sending, each message beside its field', async () => {
    // A person can pick any file with the dialog's "All files".
    const user = userEvent.setup({ applyAccept: false });
    await openStudio({ role: 'producer', pathname: '/dashboard/beats', answer: studioApi([list([])]) });
    await user.click(screen.getByRole('button', { name: 'Upload a beat' }));
    const form = within(screen.getByRole('form', { name: 'Upload a beat' }));
    await user.upload(form.getByLabelText('Cover image (optional)'), new File(['GIF89a'], 'cover.gif', { type: 'image/gif' }));
    await user.click(form.getByRole('button', { name: 'Upload' }));
    const messages = {
      Master: 'Choose the master file (WAV, AIFF, FLAC or MP3)',
      Name: 'Name is required',
      'BPM (60–250)': 'BPM must be a whole number from 60 to 250',
      'Price (USD, 199–999)': 'The price must be from $199 to $999',
      'Cover image (optional)': 'The cover must be a JPEG, PNG or WebP image',
    };
    for (const [label, message] of Object.entries(messages)) {
      const control = form.getByLabelText(label);
      expect([label, control.getAttribute('aria-invalid'), errorOf(control)]).toEqual([label, 'true', message]);
    }
    expect(FakeUploadRequest.opened).toEqual([]);
    // The stems price appears with a stems zip.
    expect(form.queryByLabelText('Stems price (USD)')).toBeNull();
    await user.upload(form.getByLabelText('Stems (optional)'), zip());
    expect(form.getByLabelText('Stems price (USD)')).toBeTruthy();
  });

  test('the upload sends details, master, cover and stems in that order, shows its progress, then the beat as Processing…', async () => {
    const user = userEvent.setup();
    const { recorder } = await openStudio({
      role: 'producer',
      pathname: '/dashboard/beats',
      answer: studioApi([list([]), list([beat(10007, 'Night Drive', { status: 'processing', durationSeconds: null })])]),
    });
    await user.click(screen.getByRole('button', { name: 'Upload a beat' }));
    const form = within(screen.getByRole('form', { name: 'Upload a beat' }));
    await user.upload(form.getByLabelText('Master'), wav());
    await fillDetails(user, form);
    await user.upload(form.getByLabelText('Cover image (optional)'), png());
    await user.upload(form.getByLabelText('Stems (optional)'), zip());
    await user.type(form.getByLabelText('Stems price (USD)'), '100');
    await user.click(form.getByRole('button', { name: 'Upload' }));

    const [request] = FakeUploadRequest.opened;
    expect([request?.method, request?.url, request?.withCredentials]).toEqual(['POST', '/api/v1/studio/beats', true]);
    expect([...request!.body!.keys()]).toEqual(['details', 'master', 'cover', 'stems']);
    expect(JSON.parse(request!.body!.get('details') as string)).toEqual({
      name: 'Night Drive',
      genreIds: [1, 4],
      moodIds: [4],
      tags: [],
      bpm: 142,
      key: null,
      scale: null,
      vocalType: 'novocal',
      samplesType: 'royaltyfreesamples',
      priceCents: 24900,
      stemsPriceCents: 10000,
      previewStartSeconds: 0,
    });
    expect((request!.body!.get('master') as File).name).toBe('night-drive.wav');

    await act(async () => request!.progress(40, 100));
    const bar = screen.getByRole('progressbar', { name: 'Uploading Night Drive' });
    expect((bar as HTMLProgressElement).value).toBe(40);
    await act(async () => request!.respond(201, { productId: 10007, status: 'processing' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Upload a beat' })).toBeNull();
    expect(row('Night Drive').getByText('Processing…')).toBeTruthy();
    // The log holds the details and whole percents, never a file.
    const logged = recorder.unacknowledged().filter((entry) => entry.type.startsWith('studio/beatUpload'));
    expect(logged.map((entry) => entry.type)).toEqual(['studio/beatUploadRequested', 'studio/beatUploadProgressed', 'studio/beatUploaded']);
    expect(JSON.stringify(logged)).not.toMatch(/night-drive\.wav|RIFF/);
  });

  test('the server’s refusal shows beside the field it names, and the form keeps what was typed', async () => {
    const user = userEvent.setup();
    await openStudio({ role: 'producer', pathname: '/dashboard/beats', answer: studioApi([list([])]) });
    await user.click(screen.getByRole('button', { name: 'Upload a beat' }));
    const form = within(screen.getByRole('form', { name: 'Upload a beat' }));
    await user.upload(form.getByLabelText('Master'), wav());
    await fillDetails(user, form);
    await user.click(form.getByRole('button', { name: 'Upload' }));
    const message = 'The master is not a WAV, AIFF, FLAC or MP3 file.';
    await act(async () => FakeUploadRequest.opened[0]!.respond(400, { statusCode: 400, message, errors: { master: message } }));
    expect(form.getByRole('alert').textContent).toContain(message);
    expect(errorOf(form.getByLabelText('Master'))).toBe(message);
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Night Drive');
  });

  test('Cancel upload aborts the request and leaves the form as it was', async () => {
    const user = userEvent.setup();
    await openStudio({ role: 'producer', pathname: '/dashboard/beats', answer: studioApi([list([])]) });
    await user.click(screen.getByRole('button', { name: 'Upload a beat' }));
    const form = within(screen.getByRole('form', { name: 'Upload a beat' }));
    await user.upload(form.getByLabelText('Master'), wav());
    await fillDetails(user, form);
    await user.click(form.getByRole('button', { name: 'Upload' }));
    await act(async () => FakeUploadRequest.opened[0]!.progress(10, 100));
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(FakeUploadRequest.opened[0]!.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(form.getByRole('button', { name: 'Upload' })).toBeTruthy();
  });
});

describe('while a beat is processing', () => {
  afterEach(() => jest.useRealTimers());

  test('the list is read again every 2 s until none is processing, and not after leaving the page', async () => {
    jest.useFakeTimers();
    const processing = list([beat(10007, 'Night Drive', { status: 'processing' })]);
    const processed = list([beat(10007, 'Night Drive', { status: 'pending' })]);
    const { calls, store } = await openStudio({ role: 'producer', pathname: '/dashboard/beats', answer: studioApi([processing, processing, processed, processing], (request) => (request.path === '/dashboard/home' ? { recentPurchases: [], followedNewBeats: [], openCustomOrders: [], listedProducts: [] } : undefined)) });
    const reads = () => calls.filter((call) => call.path === '/studio/beats').length;
    expect(reads()).toBe(1);
    await act(async () => jest.advanceTimersByTime(2000));
    expect(reads()).toBe(2);
    await act(async () => jest.advanceTimersByTime(2000));
    expect(reads()).toBe(3);
    expect(row('Night Drive').getByText('Waiting for review')).toBeTruthy();
    await act(async () => jest.advanceTimersByTime(10_000));
    expect(reads()).toBe(3);

    // Opened again with a beat processing, then left: the wait under way ends with the page.
    await act(async () => store.dispatch(navigationRequested({ pathname: '/dashboard/beats', search: '?again', mode: 'push' })));
    expect(reads()).toBe(4);
    await act(async () => store.dispatch(navigationRequested({ pathname: '/dashboard', search: '', mode: 'push' })));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Dashboard');
    await act(async () => jest.advanceTimersByTime(10_000));
    expect(reads()).toBe(4);
  });
});
