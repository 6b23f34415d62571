import { reloadIfChunkFailure, watchChunkLoadFailures } from './chunkReload';
import { afterFirstContentfulPaint } from './afterFirstPaint';
import './styles/main.css';

watchChunkLoadFailures(window);

/**
 * The page the server rendered is painted before the app is fetched: the first script is this
 * loader alone, and the app (`app` and the `vendor` file with it, client/startApp.tsx) is requested
 * once the browser reports the page's first contentful paint. On a phone's slow link that paint,
 * and the largest one (a cover, a heading), then wait for the page's HTML, stylesheet and images
 * only, not for 170 KiB of scripts sharing the link with them, nor for the app's first long task;
 * the app hydrates as soon as it arrives (Lighthouse mobile: LCP 1.9-2.5 -> about 1.1 s). A tab
 * opened in the background, which paints nothing, or a browser without paint timing fetches it at
 * once; one that never reports the paint, after a second.
 */
afterFirstContentfulPaint(() => {
  // Started in a task after the one that evaluates the app's code: two shorter tasks, not one long one.
  import(/* webpackChunkName: "app" */ './startApp').then(({ startApp }) => setTimeout(startApp, 0), reloadIfChunkFailure);
});
