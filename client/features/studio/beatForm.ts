import { BEAT_FILE_PARTS } from '../../../shared/schemas/studioAnswers';
import { BeatDetailsSchema, MASTER_REQUIRED, type StudioBeat, type StudioStatus } from '../../../shared/schemas/studio';
import { formErrors } from '../../../shared/schemas/pages';
import type { BeatFiles } from '../../api/xhrBeatUploader';

/**
 * The beat form as typed: text and choices, named as BeatDetails' fields so that the schema's
 * messages (in the browser and in a 400's `errors`) land beside the field they are about.
 * Prices are typed in dollars; `stemsPriceCents` counts only when a stems zip is chosen.
 */
export interface BeatFormValues {
  name?: string;
  genreIds?: string[];
  moodIds?: string[];
  tags?: string;
  bpm?: string;
  key?: string;
  scale?: string;
  vocalType?: string;
  samplesType?: string;
  priceCents?: string;
  stemsPriceCents?: string;
  previewStartSeconds?: string;
  master?: File;
  cover?: File;
  stems?: File;
}

const numberOrNothing = (text: string | undefined) => (text === undefined || text.trim() === '' ? undefined : Number(text));
const centsOf = (dollars: string | undefined) => {
  const amount = numberOrNothing(dollars);
  return amount === undefined ? undefined : Math.round(amount * 100);
};

/** BeatDetails as the form says it, still to be checked by BeatDetailsSchema. */
export function detailsOf(values: BeatFormValues, offersStems: boolean): unknown {
  return {
    name: values.name ?? '',
    genreIds: (values.genreIds ?? []).map(Number),
    moodIds: (values.moodIds ?? []).map(Number),
    tags: (values.tags ?? '')
      .split(',')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== ''),
    bpm: numberOrNothing(values.bpm),
    key: values.key || null,
    scale: values.scale || null,
    vocalType: values.vocalType,
    samplesType: values.samplesType,
    priceCents: centsOf(values.priceCents),
    stemsPriceCents: offersStems ? (centsOf(values.stemsPriceCents) ?? 0) : null,
    previewStartSeconds: numberOrNothing(values.previewStartSeconds) ?? 0,
  };
}

/** issue 14: what the server takes, by the file's name; the server checks the content again. */
export const FILE_RULES = {
  master: { accept: '.wav,.aif,.aiff,.flac,.mp3', message: 'The master must be a WAV, AIFF, FLAC or MP3 file' },
  cover: { accept: '.jpg,.jpeg,.png,.webp', message: 'The cover must be a JPEG, PNG or WebP image' },
  stems: { accept: '.zip', message: 'Stems must be a .zip file' },
} as const;

/** issue 14: a master may have up to 300 MB; refused here before minutes of uploading, as the server would. */
const MASTER_MAX_BYTES = 300 * 1024 * 1024;

function fileError(part: keyof typeof FILE_RULES, file: File | undefined): string | undefined {
  if (!file) return part === 'master' ? MASTER_REQUIRED : undefined;
  const rule = FILE_RULES[part];
  const extension = file.name.toLowerCase().slice(file.name.lastIndexOf('.'));
  if (!rule.accept.split(',').includes(extension)) return rule.message;
  if (part === 'master' && file.size > MASTER_MAX_BYTES) return 'The master may have up to 300 MB';
  return undefined;
}

/** Whether the beat is offered with stems: on upload, when a zip is chosen; when editing, when its upload had them. */
export const offersStems = (values: BeatFormValues, withFiles: boolean, hasStems = false) => (withFiles ? values.stems !== undefined : hasStems);

/** Every field's first message: the schema's for the details, the file rules for an upload. */
export function beatFormErrors(values: BeatFormValues, withFiles: boolean, hasStems = false): Partial<Record<string, string>> {
  const errors = formErrors(detailsOf(values, offersStems(values, withFiles, hasStems)), BeatDetailsSchema);
  if (!withFiles) return errors;
  for (const part of BEAT_FILE_PARTS) {
    const error = fileError(part, values[part]);
    if (error) errors[part] = error;
  }
  return errors;
}

/** The files of an upload, for the transport (never the store). */
export const filesOf = (values: BeatFormValues): BeatFiles | null =>
  values.master ? { master: values.master, ...(values.cover ? { cover: values.cover } : {}), ...(values.stems ? { stems: values.stems } : {}) } : null;

export const NEW_BEAT: BeatFormValues = { vocalType: 'novocal', samplesType: 'royaltyfreesamples', previewStartSeconds: '0', genreIds: [], moodIds: [] };

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The edit form starts from what the producer stated last. */
export function formValuesOf(beat: StudioBeat): BeatFormValues {
  const { details } = beat;
  return {
    name: details.name,
    genreIds: details.genreIds.map(String),
    moodIds: details.moodIds.map(String),
    tags: details.tags.join(', '),
    bpm: String(details.bpm),
    key: details.key ?? '',
    scale: details.scale ?? '',
    vocalType: details.vocalType,
    samplesType: details.samplesType,
    priceCents: dollars(details.priceCents),
    stemsPriceCents: details.stemsPriceCents === null ? '' : dollars(details.stemsPriceCents),
    previewStartSeconds: String(details.previewStartSeconds),
  };
}

/** The words `My beats` shows for each state of a beat (issue 14). */
export function statusWords(beat: Pick<StudioBeat, 'status' | 'message'>): string {
  switch (beat.status) {
    case 'processing':
      return 'Processing…';
    case 'failed':
      return `Could not be processed: ${beat.message ?? 'the file could not be read'}`;
    case 'pending':
      return 'Waiting for review';
    case 'rejected':
      return `Rejected: ${beat.message ?? 'no reason given'}`;
    case 'listed':
      return 'Listed';
    case 'sold':
      return 'Sold';
    case 'withdrawn':
      return 'Withdrawn';
    default: {
      const never: never = beat.status;
      return never;
    }
  }
}

/** The server changes details of a processed beat that has not sold (the product decider's rules). */
export const canEdit = (status: StudioStatus) => status === 'pending' || status === 'rejected' || status === 'listed';
/** …and deletes (delists) any that is neither processing nor sold. */
export const canRemove = (status: StudioStatus) => canEdit(status) || status === 'failed';
