import { createContext } from 'react';
import type { SessionImporter } from '../../api/fetchSessionImporter';

/** Where the import form leaves the chosen file for the import saga, under an import id. Only the browser has one. */
export const SessionImporterContext = createContext<Pick<SessionImporter, 'hold'> | null>(null);
