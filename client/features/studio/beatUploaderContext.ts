import { createContext } from 'react';
import type { BeatUploader } from '../../api/xhrBeatUploader';

/**
 * Where the upload form leaves the chosen files for the upload saga (under an upload id), so
 * File objects stay out of actions and the store. Only the browser has one; elsewhere the saga
 * says the upload needs the browser.
 */
export const BeatUploaderContext = createContext<Pick<BeatUploader, 'hold'> | null>(null);
