import { createContext } from 'react';
import type { DeliveryUploader } from '../../api/fetchDeliveryUploader';

/**
 * Where the delivery form leaves the chosen files for the delivery saga (under an upload id), so
 * File objects stay out of actions and the store. Only the browser has one.
 */
export const DeliveryUploaderContext = createContext<Pick<DeliveryUploader, 'hold'> | null>(null);
