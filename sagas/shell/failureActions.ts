import { createAction } from '@reduxjs/toolkit';

/*
 * Failures the page carries on without, said as actions: in the browser they go into the tab's
 * action log, where support reads them in the session's timeline; on the server (a page's
 * render) its log writes them with the request's id (server/ssr/renderFailuresLogged.ts).
 */

/**
 * A read the page does without: a section left out (a producer's custom services), a list that
 * stays as it was (the wishlist, My beats read again), a panel without its moods (SPEC §8: a
 * moods failure is "only logged"). `what` names the read, `message` why it failed.
 */
export const backgroundReadFailed = createAction<{ what: string; message: string }>('shell/backgroundReadFailed');

/** A long-lived flow threw; it starts again after `restartInMs` (sagas/keepFlowAlive.ts). */
export const flowFailed = createAction<{ flow: string; message: string; restartInMs: number }>('shell/flowFailed');
