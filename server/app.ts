import path from 'node:path';
import cookieParser from 'cookie-parser';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { ACTION_LOG_LIMITS } from '../shared/actionLog/entry';
import { API_PREFIX } from '../shared/domain/constants';
import type { AppDeps } from './appDeps';
import { sessionResolver } from './auth/sessionMiddleware';
import { accountStreamRouter } from './http/accountStream';
import { analyticsRouter } from './http/analyticsRouter';
import { analyticsWebhookRouter } from './http/analyticsWebhookRouter';
import { API_ENDPOINTS } from './http/apiEndpoints';
import { crossSiteWriteGuard } from './http/crossSiteWriteGuard';
import { pageFormLimits } from './http/pageFormLimits';
import { processRateLimited, rateLimited } from './http/rateLimited';
import { registrationLimit } from './http/registrationLimit';
import { downloadRouter } from './http/downloadRouter';
import { contractRouter } from './http/contractRouter';
import { mediaRouter } from './http/mediaRouter';
import { apiErrorHandler, apiNotFound, endpointRouter, requestContext } from './http/expressEndpoints';
import { paymentWebhookRouter } from './http/paymentWebhooks';
import { sandboxPagesRouter } from './http/sandboxPages';
import { avatarUploadRouter } from './http/avatarUploadRouter';
import { studioUploadRouter } from './http/studioUploadRouter';
import { customOrderFilesRouter } from './http/customOrderFilesRouter';
import { supportSessionRouter } from './http/supportSessionRouter';
import { refuseUnreadBody } from './http/unreadBody';
import { refuseUnsafeJsonShape } from './http/jsonBodyShape';
import { refuseMalformedText } from './http/wellFormedText';
import { refusedRequests } from './logging/refusedRequests';
import { requestId } from './logging/requestId';
import { MEDIA_PATH } from './media/storage/mediaStorage';
import { compressedAnswers } from './http/compressedAnswers';
import { staticAssets } from './http/staticAssets';
import { CLIENT_BUILD_DIR } from './ssr/assetManifest';
import type { ClientAssets } from './ssr/htmlDocument';
import { pageErrorHandler } from './ssr/pageErrorHandler';
import { renderPage } from './ssr/renderPage';
import { cspNonceOf, issueCspNonce, TAG_MANAGER_DIRECTIVES } from './ssr/tagManager';

export interface AppOptions {
  assets: ClientAssets;
  /** Aborted when the server begins to stop: open account streams end so the server can close. */
  shutdown?: AbortSignal;
}

/** The storefront and its API as one Express app; everything it talks to comes in through deps. */
export function createApp(deps: AppDeps, options: AppOptions): express.Express {
  const app = express();
  const filesOrigin = deps.config.publicUrls.files ? [deps.config.publicUrls.files] : [];
  // Stripe.js, its field frames (hooks.stripe.com: the 3-D Secure dialog) and its API, allowed
  // only when the payment form mounts them, as Stripe's security guide lists them.
  const stripe = deps.config.commerce.stripe.publishableKey
    ? {
        scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: ['https://api.stripe.com'],
      }
    : null;
  const tagManager = deps.config.tagManagerId ? TAG_MANAGER_DIRECTIVES : null;
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.trustProxy);
  // First of all: every line logged while handling a request carries its id.
  app.use(requestId);
  app.use(refusedRequests(deps.log));
  if (tagManager) app.use(issueCspNonce);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Preloaded state is inert JSON, so no inline script needs allowing (but the tag manager's, by its nonce).
          scriptSrc: ["'self'", ...(stripe?.scriptSrc ?? []), ...(tagManager?.scriptSrc ?? [])],
          mediaSrc: ["'self'", 'blob:', ...filesOrigin],
          // The player fetches a preview to draw its waveform when its peaks cannot be had.
          connectSrc: ["'self'", ...filesOrigin, ...(stripe?.connectSrc ?? []), ...(tagManager?.connectSrc ?? [])],
          imgSrc: ["'self'", 'data:', ...filesOrigin, ...(tagManager?.imgSrc ?? [])],
          upgradeInsecureRequests: deps.config.production ? [] : null,
          ...(stripe ? { frameSrc: stripe.frameSrc } : {}),
        },
      },
      strictTransportSecurity: deps.config.production,
    }),
  );
  app.use(cookieParser());
  const resolveSession = sessionResolver(deps);
  // Account streams ahead of compression and the API's stack: thousands stay open for hours,
  // and each carried every layer's wrappers and state (see bench "account streams").
  app.use(API_PREFIX, accountStreamRouter(deps, resolveSession, options.shutdown));
  app.use(compressedAnswers());
  app.use('/assets', staticAssets(path.join(CLIENT_BUILD_DIR, 'assets')));
  // Public media from the storage, with the Range requests that seeking in the player needs.
  app.use(MEDIA_PATH, mediaRouter(deps.media));

  const guardWrites = crossSiteWriteGuard(deps.config);
  const api = express.Router();
  // Answers are personal (a cart, orders with download links) unless an endpoint says otherwise.
  api.use(noStoreByDefault);
  // Consumers' API keys, not cookies: before the session is read, and no browser's write to guard.
  api.use(analyticsRouter(deps, options.shutdown));
  api.use(analyticsWebhookRouter(deps));
  api.use(guardWrites);
  api.use(resolveSession);
  // The batch limit guards this process's parsing; the entries stored are counted across servers
  // in the action log's own transaction (server/actionLog/actionLogStore.ts).
  api.use(
    '/action-log',
    processRateLimited({
      windowMs: 60_000,
      limit: deps.config.actionLog.batchesPerMinute,
      message: { statusCode: 429, message: 'Too many action-log batches from this address; try again in a minute' },
    }),
  );
  // Every reset request sends a mail: one address may not flood an inbox with them.
  api.use(
    '/auth/reset',
    rateLimited(deps, 'password-reset', {
      windowMs: 15 * 60_000,
      limit: deps.config.resetRequestsPer15Minutes,
      skip: (request) => request.method !== 'POST' || request.path !== '/',
      message: { statusCode: 429, message: 'Too many password reset requests; try again in 15 minutes' },
    }),
  );
  api.use(registrationLimit(deps));
  api.use(pageFormLimits(deps));
  // Before the JSON parser: providers sign the raw bytes of a webhook.
  api.use(paymentWebhookRouter(deps));
  // Before the JSON parser as well: an upload streams its files to storage as they arrive.
  api.use(studioUploadRouter(deps));
  // A custom order's delivery streams its files too; its downloads are bytes, not JSON.
  api.use(customOrderFilesRouter(deps));
  api.use(avatarUploadRouter(deps));
  // A session import is a JSON Lines file far larger than any JSON call's body.
  api.use(supportSessionRouter(deps, options.assets));
  // Each play is an event: one address may not fill the store by skipping through the catalogue.
  api.use(
    '/tracks',
    rateLimited(deps, 'track-plays', {
      windowMs: 60_000,
      limit: deps.config.trackPlaysPerMinute,
      skip: (request) => request.method !== 'POST' || !request.path.endsWith('/play'),
      message: { statusCode: 429, message: 'Too many plays from this address; try again in a minute' },
    }),
  );
  const jsonBodies = { limit: ACTION_LOG_LIMITS.maxBatchBytes };
  // The action log's batches stay bytes: its endpoint decodes them off the event loop. sendBeacon
  // posts them as text/plain (no preflight); no other call takes text/plain.
  api.use('/action-log', express.raw({ limit: ACTION_LOG_LIMITS.maxBatchBytes, type: ['application/json', 'text/plain'] }));
  api.use(express.json(jsonBodies), refuseUnreadBody, refuseMalformedText, refuseUnsafeJsonShape);
  api.use(downloadRouter(deps));
  api.use(contractRouter(deps));
  api.use(endpointRouter(API_ENDPOINTS, deps));
  api.use(apiNotFound);
  api.use(apiErrorHandler);
  app.use(API_PREFIX, api);
  if (deps.payments.sandbox) {
    // The sandbox's buttons are form posts; like the API's writes, only this site may send them.
    app.use('/sandbox-pay', guardWrites, express.urlencoded({ extended: false, limit: 1024 }), sandboxPagesRouter(deps, deps.payments.sandbox));
  }

  app.get('/{*path}', resolveSession, async (request, response) => {
    const url = new URL(request.originalUrl, 'http://placeholder.invalid');
    const tag = deps.config.tagManagerId ? { id: deps.config.tagManagerId, nonce: cspNonceOf(response) } : null;
    const result = await renderPage({ pathname: url.pathname, search: url.search }, requestContext(request), deps, options.assets, tag);
    response.set('Cache-Control', 'private, no-cache');
    if ('redirect' in result) response.redirect(result.status, result.redirect);
    else response.status(result.status).type('html').send(result.html);
  });
  app.use(pageErrorHandler(deps, options.assets));
  return app;
}

const noStoreByDefault: RequestHandler = (_request, response, next) => {
  response.set('Cache-Control', 'private, no-store');
  next();
};

