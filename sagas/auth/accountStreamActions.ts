import { createAction } from '@reduxjs/toolkit';

export const accountStreamStarted = createAction('accountStream/started');
export const accountStreamStopped = createAction('accountStream/stopped');
/** The page became visible again: refetch what may have changed meanwhile (SPEC §4 "Login"). */
export const pageBecameVisible = createAction('app/pageBecameVisible');
