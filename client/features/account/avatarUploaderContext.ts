import { createContext } from 'react';
import type { AvatarUploader } from '../../api/fetchAvatarUploader';

/** Where the picture input leaves the chosen file for the upload saga; only the browser has one. */
export const AvatarUploaderContext = createContext<Pick<AvatarUploader, 'hold'> | null>(null);
