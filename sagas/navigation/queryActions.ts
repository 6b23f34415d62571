import { createAction } from '@reduxjs/toolkit';

/** Sets (a string) or removes (null) query keys of the current page, as a new history entry. */
export const changeQueryRequested = createAction<Record<string, string | null>>('navigation/changeQueryRequested');
