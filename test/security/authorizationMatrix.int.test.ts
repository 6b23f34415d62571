import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app';
import type { Order } from '../../shared/schemas/order';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { asShown } from '../helpers/shownTotal';
import { listApiRoutes } from '../helpers/apiRoutes';
import { listShop, SHOP, writeShopMedia } from '../helpers/commerceFixtures';
import { startTestApp, TEST_ASSETS, type TestApp } from '../helpers/testApp';
import { runUsersCommand } from '../helpers/tools';

const ROLES = ['guest', 'client', 'producer', 'moderator', 'admin'] as const;
type Role = (typeof ROLES)[number];
/** The expected status for guest, client, producer, moderator, admin, in that order. */
type Statuses = [number, number, number, number, number];
const all = (status: number): Statuses => [status, status, status, status, status];
/** Any account may; a guest is told to log in. */
const member = (status: number): Statuses => [401, status, status, status, status];

/** What the matrix needs to name: the client's paid order, made in beforeAll. */
interface Fixtures {
  orderId: string;
}

interface Row {
  /** The call as it is routed, `METHOD /path` under /api/v1. */
  route: string;
  request: (fixtures: Fixtures, role: Role) => { path: string; body?: unknown; headers?: Record<string, string> };
  expected: Statuses;
  /** The call ends or replaces the session it came with; the role logs in again afterwards. */
  endsSession?: boolean;
}

/** Well-formed, issued to nobody: the link is refused alike for everyone. */
const UNKNOWN_TOKEN = 'A'.repeat(43);
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
const PAYPAL = { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: null, expectedTotal: 0 };
const CONTACT = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'A question about licensing my beats.' };

/**
 * Every API route × every role, with the status each gets. Role-gated routes (producers',
 * moderators') answer 404 to anyone else (DESIGN "Roles on the server"). Requests are valid
 * where that is cheap; a 4xx the same for every role shows the
 * call is not gated by role.
 */
const MATRIX: Row[] = [
  { route: 'GET /health', request: () => ({ path: '/health' }), expected: all(200) },
  { route: 'GET /captcha/challenge', request: () => ({ path: '/captcha/challenge' }), expected: all(200) },
  { route: 'GET /countries', request: () => ({ path: '/countries' }), expected: all(200) },
  { route: 'GET /genres', request: () => ({ path: '/genres' }), expected: all(200) },
  { route: 'GET /moods', request: () => ({ path: '/moods' }), expected: all(200) },
  { route: 'GET /tags/top', request: () => ({ path: '/tags/top' }), expected: all(200) },
  { route: 'GET /tags/search', request: () => ({ path: '/tags/search?tags=tr' }), expected: all(200) },
  { route: 'GET /tracks', request: () => ({ path: '/tracks' }), expected: all(200) },
  { route: 'GET /tracks/promembership', request: () => ({ path: '/tracks/promembership' }), expected: all(404) },
  { route: 'GET /tracks/:id', request: () => ({ path: `/tracks/${SHOP.pack.productId}` }), expected: all(200) },
  { route: 'GET /audio/peaks/:id', request: () => ({ path: `/audio/peaks/${SHOP.pack.productId}` }), expected: all(200) },
  { route: 'POST /tracks/:id/play', request: () => ({ path: `/tracks/${SHOP.pack.productId}/play` }), expected: all(200) },
  { route: 'GET /users/producer/:id', request: () => ({ path: `/users/producer/${SHOP.pack.producerId}` }), expected: all(200) },
  { route: 'POST /users/producer/:id/follow', request: () => ({ path: `/users/producer/${SHOP.pack.producerId}/follow` }), expected: member(200) },
  { route: 'DELETE /users/producer/:id/unfollow', request: () => ({ path: `/users/producer/${SHOP.pack.producerId}/unfollow` }), expected: member(200) },
  { route: 'GET /pages/services/sound', request: () => ({ path: '/pages/services/sound' }), expected: all(200) },
  { route: 'POST /pages/contact', request: () => ({ path: '/pages/contact', body: CONTACT }), expected: all(201) },
  { route: 'POST /pages/subscribe', request: (_, role) => ({ path: '/pages/subscribe', body: { email: `${role}-news@example.com` } }), expected: all(200) },
  {
    route: 'POST /tracks/report',
    request: () => ({ path: '/tracks/report', body: { productId: SHOP.pack.productId, reason: 'other', details: 'This pack repeats another one.', email: 'ada@example.com' } }),
    expected: all(201),
  },
  { route: 'POST /action-log', request: () => ({ path: '/action-log', body: {} }), expected: all(400) },
  { route: 'GET /account/sse', request: () => ({ path: '/account/sse' }), expected: member(200) },
  { route: 'GET /auth/checkhealth', request: () => ({ path: '/auth/checkhealth' }), expected: member(200) },
  { route: 'POST /auth/login', request: (_, role) => ({ path: '/auth/login', body: { email: `no-${role}@example.com`, password: 'wrong' } }), expected: all(401) },
  { route: 'POST /auth/reset', request: (_, role) => ({ path: '/auth/reset', body: { email: `${role}@example.com` } }), expected: all(200) },
  { route: 'GET /auth/reset/validate/:token', request: () => ({ path: `/auth/reset/validate/${UNKNOWN_TOKEN}` }), expected: all(400) },
  { route: 'POST /auth/reset/new/:token', request: () => ({ path: `/auth/reset/new/${UNKNOWN_TOKEN}`, body: { password: 'beats43' } }), expected: all(400) },
  { route: 'GET /auth/email-confirmation/:token', request: () => ({ path: `/auth/email-confirmation/${UNKNOWN_TOKEN}` }), expected: all(400) },
  { route: 'GET /ecommerce/cart', request: () => ({ path: '/ecommerce/cart' }), expected: all(200) },
  { route: 'POST /ecommerce/cart', request: () => ({ path: '/ecommerce/cart', body: { product: SHOP.beat.productId, includeProjectFile: false } }), expected: all(200) },
  { route: 'PUT /ecommerce/cart/:id', request: () => ({ path: `/ecommerce/cart/${SHOP.beat.productId}`, body: { includeProjectFile: true } }), expected: all(200) },
  { route: 'DELETE /ecommerce/cart/:id', request: () => ({ path: `/ecommerce/cart/${SHOP.beat.productId}` }), expected: all(200) },
  { route: 'DELETE /ecommerce/cart/clear', request: () => ({ path: '/ecommerce/cart/clear' }), expected: all(200) },
  { route: 'GET /wishlist', request: () => ({ path: '/wishlist' }), expected: member(200) },
  { route: 'POST /wishlist/:productId', request: () => ({ path: `/wishlist/${SHOP.beat.productId}` }), expected: member(200) },
  { route: 'DELETE /wishlist/:productId', request: () => ({ path: `/wishlist/${SHOP.beat.productId}` }), expected: member(200) },
  // The cart is empty by now: nothing to pay for, once logged in.
  { route: 'POST /ecommerce/orders', request: () => ({ path: '/ecommerce/orders', body: PAYPAL }), expected: member(400) },
  { route: 'POST /ecommerce/orders/stripe', request: () => ({ path: '/ecommerce/orders/stripe', body: { stripePaymentMethodId: 'pm_card_visa', coupon: null, expectedTotal: 0 } }), expected: member(400) },
  // The client's own paid order: another account finds no such order.
  { route: 'GET /ecommerce/orders/:orderId/refresh-status', request: ({ orderId }) => ({ path: `/ecommerce/orders/${orderId}/refresh-status` }), expected: [401, 200, 404, 404, 404] },
  { route: 'POST /ecommerce/orders/:id/cancel', request: ({ orderId }) => ({ path: `/ecommerce/orders/${orderId}/cancel` }), expected: [401, 409, 404, 404, 404] },
  // A card order is not PayPal's to capture or cancel.
  { route: 'POST /ecommerce/payments/paypal/:id/capture', request: ({ orderId }) => ({ path: `/ecommerce/payments/paypal/${orderId}/capture` }), expected: [401, 400, 404, 404, 404] },
  { route: 'POST /ecommerce/payments/paypal/:id/cancel', request: ({ orderId }) => ({ path: `/ecommerce/payments/paypal/${orderId}/cancel` }), expected: [401, 400, 404, 404, 404] },
  {
    route: 'GET /ecommerce/orders/:orderId/downloads/:productId/:kind',
    request: ({ orderId }) => ({ path: `/ecommerce/orders/${orderId}/downloads/${SHOP.pack.productId}/samplePack` }),
    expected: [401, 200, 404, 404, 404],
  },
  { route: 'GET /downloads/:token', request: () => ({ path: `/downloads/${'b'.repeat(32)}` }), expected: all(404) },
  // Identity verification: producers only; the moderators' queue: moderators and admins only.
  { route: 'GET /producer/verification', request: () => ({ path: '/producer/verification' }), expected: [404, 404, 200, 404, 404] },
  { route: 'POST /producer/verification', request: () => ({ path: '/producer/verification', body: {} }), expected: [404, 404, 400, 404, 404] },
  { route: 'GET /moderation/producers/pending', request: () => ({ path: '/moderation/producers/pending' }), expected: [404, 404, 404, 200, 200] },
  { route: 'POST /moderation/producers/:userId/approve', request: () => ({ path: '/moderation/producers/x/approve' }), expected: [404, 404, 404, 400, 400] },
  { route: 'GET /moderation/tracks/pending', request: () => ({ path: '/moderation/tracks/pending' }), expected: [404, 404, 404, 200, 200] },
  { route: 'POST /moderation/tracks/:productId/approve', request: () => ({ path: '/moderation/tracks/x/approve' }), expected: [404, 404, 404, 400, 400] },
  { route: 'POST /moderation/tracks/:productId/reject', request: () => ({ path: '/moderation/tracks/x/reject', body: { reason: 'Clipping' } }), expected: [404, 404, 404, 400, 400] },
  // The studio: producers only; this producer is not verified yet.
  { route: 'GET /studio/beats', request: () => ({ path: '/studio/beats' }), expected: [404, 404, 200, 404, 404] },
  // An upload that is not multipart: refused only once the caller is known to be a producer.
  { route: 'POST /studio/beats', request: () => ({ path: '/studio/beats', body: {} }), expected: [404, 404, 403, 404, 404] },
  { route: 'PUT /studio/beats/:productId', request: () => ({ path: '/studio/beats/x', body: {} }), expected: [404, 404, 400, 404, 404] },
  { route: 'DELETE /studio/beats/:productId', request: () => ({ path: `/studio/beats/${SHOP.beat.productId}` }), expected: [404, 404, 403, 404, 404] },
  { route: 'GET /moderation/tracks/reported', request: () => ({ path: '/moderation/tracks/reported' }), expected: [404, 404, 404, 200, 200] },
  { route: 'POST /moderation/reports/:reportId/uphold', request: () => ({ path: '/moderation/reports/x/uphold', body: { note: 'Uncleared sample' } }), expected: [404, 404, 404, 400, 400] },
  { route: 'POST /moderation/reports/:reportId/dismiss', request: () => ({ path: '/moderation/reports/x/dismiss', body: {} }), expected: [404, 404, 404, 400, 400] },
  {
    route: 'POST /moderation/producers/:userId/reject',
    request: () => ({ path: '/moderation/producers/x/reject', body: { reason: 'Blurry document' } }),
    expected: [404, 404, 404, 400, 400],
  },
  // The dashboard's home reads the caller's own orders; the admin site's reads are staff-only.
  { route: 'GET /dashboard/home', request: () => ({ path: '/dashboard/home' }), expected: member(200) },
  { route: 'GET /admin/producers', request: () => ({ path: '/admin/producers' }), expected: [404, 404, 404, 200, 200] },
  // The buyer's pages read the caller's own follows, wishlist and orders (server/sites/buyerPages.int.test.ts).
  { route: 'GET /dashboard/following', request: () => ({ path: '/dashboard/following' }), expected: member(200) },
  { route: 'GET /dashboard/wishlist', request: () => ({ path: '/dashboard/wishlist' }), expected: member(200) },
  { route: 'GET /dashboard/support/orders', request: () => ({ path: '/dashboard/support/orders' }), expected: member(200) },
  { route: 'GET /admin/summary', request: () => ({ path: '/admin/summary' }), expected: [404, 404, 404, 404, 200] },
  // My purchases: the caller's own orders; the mail again only for the client's own order. A contract of nobody's is unknown to all.
  { route: 'GET /account/orders', request: () => ({ path: '/account/orders' }), expected: member(200) },
  { route: 'POST /account/orders/:id/mail', request: ({ orderId }) => ({ path: `/account/orders/${orderId}/mail` }), expected: [401, 200, 404, 404, 404] },
  { route: 'GET /account/sales', request: () => ({ path: '/account/sales' }), expected: [404, 404, 200, 404, 404] },
  { route: 'GET /account/contracts/:contractId/pdf', request: () => ({ path: '/account/contracts/BC-0000-0000-0000-0000-0000/pdf' }), expected: [401, 404, 404, 404, 404] },
  { route: 'GET /contracts/verify', request: () => ({ path: `/contracts/verify?id=BC-0000-0000-0000-0000-0000&hash=${'0'.repeat(64)}` }), expected: all(200) },
  // The back office (issue 15): admins only, but All producers and a producer's detail are the moderator's menu too.
  { route: 'GET /admin/buyers', request: () => ({ path: '/admin/buyers' }), expected: [404, 404, 404, 404, 200] },
  { route: 'GET /admin/buyers/:id', request: () => ({ path: '/admin/buyers/x' }), expected: [404, 404, 404, 404, 400] },
  { route: 'GET /admin/producers/:id', request: () => ({ path: `/admin/producers/${SHOP.pack.producerId}` }), expected: [404, 404, 404, 200, 200] },
  { route: 'GET /admin/tracks', request: () => ({ path: '/admin/tracks' }), expected: [404, 404, 404, 404, 200] },
  { route: 'GET /admin/tracks/:id', request: () => ({ path: `/admin/tracks/${SHOP.beat.productId}` }), expected: [404, 404, 404, 404, 200] },
  { route: 'GET /admin/orders', request: () => ({ path: '/admin/orders' }), expected: [404, 404, 404, 404, 200] },
  { route: 'GET /admin/orders/:id', request: ({ orderId }) => ({ path: `/admin/orders/${orderId}` }), expected: [404, 404, 404, 404, 200] },
  { route: 'POST /admin/orders/:id/refund', request: () => ({ path: '/admin/orders/x/refund' }), expected: [404, 404, 404, 404, 400] },
  { route: 'POST /admin/users/:id/block', request: () => ({ path: '/admin/users/x/block' }), expected: [404, 404, 404, 404, 400] },
  { route: 'POST /admin/users/:id/unblock', request: () => ({ path: '/admin/users/x/unblock' }), expected: [404, 404, 404, 404, 400] },
  // The moderator role, granted and revoked in the console (issue 12): a bad id, so no account changes role mid-matrix.
  { route: 'PUT /admin/users/:id/roles/moderator', request: () => ({ path: '/admin/users/x/roles/moderator' }), expected: [404, 404, 404, 404, 400] },
  { route: 'DELETE /admin/users/:id/roles/moderator', request: () => ({ path: '/admin/users/x/roles/moderator' }), expected: [404, 404, 404, 404, 400] },
  // The shop's own reports (issue 13): the admin's; a producer's figures of their own products (none yet: this producer is not verified).
  { route: 'GET /admin/analytics/report', request: () => ({ path: '/admin/analytics/report' }), expected: [404, 404, 404, 404, 200] },
  { route: 'GET /admin/analytics/report.csv', request: () => ({ path: '/admin/analytics/report.csv' }), expected: [404, 404, 404, 404, 200] },
  { route: 'GET /producer/analytics/report', request: () => ({ path: '/producer/analytics/report' }), expected: [404, 404, 200, 404, 404] },
  // Coupons, payouts and statements: admins only; a producer reads only their own earnings.
  { route: 'GET /admin/coupons', request: () => ({ path: '/admin/coupons' }), expected: [404, 404, 404, 404, 200] },
  {
    route: 'POST /admin/coupons',
    request: () => ({ path: '/admin/coupons', body: { code: 'matrix10', producerId: null, percentage: 10, validFrom: '2026-01-01', validUntil: '2026-12-31', usageLimit: null } }),
    expected: [404, 404, 404, 404, 201],
  },
  {
    route: 'PUT /admin/coupons/:code',
    request: () => ({ path: '/admin/coupons/nosuchcode', body: { producerId: null, percentage: 10, validFrom: '2026-01-01', validUntil: '2026-12-31', usageLimit: null } }),
    expected: [404, 404, 404, 404, 404],
  },
  { route: 'POST /admin/coupons/:code/expire', request: () => ({ path: '/admin/coupons/nosuchcode/expire' }), expected: [404, 404, 404, 404, 404] },
  { route: 'GET /admin/payouts', request: () => ({ path: '/admin/payouts' }), expected: [404, 404, 404, 404, 200] },
  {
    route: 'POST /admin/payouts',
    request: () => ({ path: '/admin/payouts', body: { payoutId: 'matrix-payout-1', producerId: 999_999, amountCents: 100, reference: 'Wire 1' } }),
    expected: [404, 404, 404, 404, 404],
  },
  { route: 'GET /admin/statements', request: () => ({ path: '/admin/statements' }), expected: [404, 404, 404, 404, 200] },
  { route: 'GET /admin/statements/:producerId/months/:month', request: () => ({ path: '/admin/statements/x/months/2026-01' }), expected: [404, 404, 404, 404, 400] },
  { route: 'GET /producer/earnings', request: () => ({ path: '/producer/earnings' }), expected: [404, 404, 200, 404, 404] },
  { route: 'GET /producer/statements/:month', request: () => ({ path: '/producer/statements/2026-01' }), expected: [404, 404, 404, 404, 404] },
  // Providers sign their notices; an unsigned one is refused, whoever sends it (the sandbox takes none).
  { route: 'POST /ecommerce/payments/stripe/webhook', request: () => ({ path: '/ecommerce/payments/stripe/webhook', body: {} }), expected: all(404) },
  { route: 'POST /ecommerce/payments/paypal/webhook', request: () => ({ path: '/ecommerce/payments/paypal/webhook', body: {} }), expected: all(404) },
  // Custom orders: a member's own (an unknown one is 404 for everyone); the shop's calls are the admins'.
  { route: 'GET /custom-orders', request: () => ({ path: '/custom-orders' }), expected: member(200) },
  { route: 'POST /custom-orders', request: () => ({ path: '/custom-orders', body: {} }), expected: member(400) },
  { route: 'GET /custom-orders/:id', request: () => ({ path: `/custom-orders/${UNKNOWN_UUID}` }), expected: member(404) },
  { route: 'POST /custom-orders/:id/messages', request: () => ({ path: `/custom-orders/${UNKNOWN_UUID}/messages`, body: { text: 'Hello' } }), expected: member(404) },
  { route: 'POST /custom-orders/:id/revision', request: () => ({ path: `/custom-orders/${UNKNOWN_UUID}/revision`, body: { text: 'Less bass' } }), expected: member(404) },
  { route: 'POST /custom-orders/:id/accept-delivery', request: () => ({ path: `/custom-orders/${UNKNOWN_UUID}/accept-delivery` }), expected: member(404) },
  { route: 'GET /custom-orders/:id/files/:fileId', request: () => ({ path: `/custom-orders/${UNKNOWN_UUID}/files/x` }), expected: member(404) },
  { route: 'GET /admin/custom-orders', request: () => ({ path: '/admin/custom-orders' }), expected: [404, 404, 404, 404, 200] },
  { route: 'GET /admin/custom-orders/:id', request: () => ({ path: '/admin/custom-orders/x' }), expected: [404, 404, 404, 404, 400] },
  { route: 'POST /admin/custom-orders/:id/accept', request: () => ({ path: '/admin/custom-orders/x/accept' }), expected: [404, 404, 404, 404, 400] },
  { route: 'POST /admin/custom-orders/:id/decline', request: () => ({ path: '/admin/custom-orders/x/decline', body: { reason: 'No stems sent' } }), expected: [404, 404, 404, 404, 400] },
  { route: 'POST /admin/custom-orders/:id/messages', request: () => ({ path: '/admin/custom-orders/x/messages', body: { text: 'Hello' } }), expected: [404, 404, 404, 404, 400] },
  { route: 'POST /admin/custom-orders/:id/delivery', request: () => ({ path: '/admin/custom-orders/x/delivery', body: {} }), expected: [404, 404, 404, 404, 400] },
  { route: 'GET /admin/custom-orders/:id/files/:fileId', request: () => ({ path: `/admin/custom-orders/${UNKNOWN_UUID}/files/x` }), expected: [404, 404, 404, 404, 404] },
  // The studio's custom orders: the producer here is not verified yet, so their own calls say so.
  { route: 'GET /studio/custom-orders', request: () => ({ path: '/studio/custom-orders' }), expected: [404, 404, 403, 404, 404] },
  { route: 'GET /studio/custom-orders/:id', request: () => ({ path: `/studio/custom-orders/${UNKNOWN_UUID}` }), expected: [404, 404, 403, 404, 404] },
  { route: 'POST /studio/custom-orders/:id/accept', request: () => ({ path: `/studio/custom-orders/${UNKNOWN_UUID}/accept` }), expected: [404, 404, 403, 404, 404] },
  {
    route: 'POST /studio/custom-orders/:id/decline',
    request: () => ({ path: `/studio/custom-orders/${UNKNOWN_UUID}/decline`, body: { reason: 'Fully booked' } }),
    expected: [404, 404, 403, 404, 404],
  },
  { route: 'POST /studio/custom-orders/:id/messages', request: () => ({ path: `/studio/custom-orders/${UNKNOWN_UUID}/messages`, body: { text: 'Hello' } }), expected: [404, 404, 403, 404, 404] },
  { route: 'POST /studio/custom-orders/:id/delivery', request: () => ({ path: `/studio/custom-orders/${UNKNOWN_UUID}/delivery`, body: {} }), expected: [404, 404, 403, 404, 404] },
  { route: 'GET /studio/custom-orders/:id/files/:fileId', request: () => ({ path: `/studio/custom-orders/${UNKNOWN_UUID}/files/x` }), expected: [404, 404, 403, 404, 404] },
  { route: 'GET /offers', request: () => ({ path: `/offers?producer=${SHOP.pack.producerId}` }), expected: all(200) },
  { route: 'GET /offers/:id', request: () => ({ path: '/offers/999999' }), expected: all(404) },
  { route: 'GET /studio/offers', request: () => ({ path: '/studio/offers' }), expected: [404, 404, 403, 404, 404] },
  { route: 'POST /studio/offers', request: () => ({ path: '/studio/offers', body: {} }), expected: [404, 404, 400, 404, 404] },
  { route: 'PUT /studio/offers/:id', request: () => ({ path: '/studio/offers/1', body: {} }), expected: [404, 404, 400, 404, 404] },
  { route: 'DELETE /studio/offers/:id', request: () => ({ path: '/studio/offers/1' }), expected: [404, 404, 403, 404, 404] },
  // The support console (issue 12): moderators and admins; importing a session file is an admin's.
  { route: 'GET /support/sessions', request: () => ({ path: '/support/sessions' }), expected: [404, 404, 404, 200, 200] },
  { route: 'GET /support/sessions/:sessionId', request: () => ({ path: '/support/sessions/no%20such' }), expected: [404, 404, 404, 400, 400] },
  { route: 'GET /support/sessions/:sessionId/steps/:seq', request: () => ({ path: '/support/sessions/any/steps/x' }), expected: [404, 404, 404, 400, 400] },
  { route: 'GET /support/sessions/:sessionId/frame', request: () => ({ path: '/support/sessions/any/frame' }), expected: [404, 404, 404, 400, 400] },
  { route: 'GET /support/sessions/:sessionId/export', request: () => ({ path: '/support/sessions/no%20such/export' }), expected: [404, 404, 404, 400, 400] },
  { route: 'POST /support/sessions/import', request: () => ({ path: '/support/sessions/import', body: {} }), expected: [404, 404, 404, 404, 400] },
  // The analytics stream (issue 13): an API key, never a cookie, so every session gets 401.
  { route: 'GET /analytics/events', request: () => ({ path: '/analytics/events' }), expected: all(401) },
  { route: 'GET /analytics/stream', request: () => ({ path: '/analytics/stream' }), expected: all(401) },
  // Analytics webhooks (issue 13): a consumer's calls take an API key, never a cookie, so every session gets 401; the console's keys and webhooks are the admin's.
  { route: 'GET /analytics/webhooks', request: () => ({ path: '/analytics/webhooks' }), expected: all(401) },
  { route: 'POST /analytics/webhooks', request: () => ({ path: '/analytics/webhooks', body: { url: 'https://hooks.example.com/matrix' } }), expected: all(401) },
  { route: 'DELETE /analytics/webhooks/:id', request: () => ({ path: '/analytics/webhooks/1' }), expected: all(401) },
  { route: 'GET /analytics/webhooks/:id/deliveries', request: () => ({ path: '/analytics/webhooks/1/deliveries' }), expected: all(401) },
  { route: 'GET /admin/analytics/keys', request: () => ({ path: '/admin/analytics/keys' }), expected: [404, 404, 404, 404, 200] },
  { route: 'POST /admin/analytics/keys', request: () => ({ path: '/admin/analytics/keys', body: { name: 'Matrix', scopes: ['events:read'] } }), expected: [404, 404, 404, 404, 201] },
  { route: 'POST /admin/analytics/keys/:id/revoke', request: () => ({ path: '/admin/analytics/keys/x/revoke' }), expected: [404, 404, 404, 404, 400] },
  { route: 'GET /admin/analytics/webhooks', request: () => ({ path: '/admin/analytics/webhooks' }), expected: [404, 404, 404, 404, 200] },
  { route: 'POST /admin/analytics/webhooks', request: () => ({ path: '/admin/analytics/webhooks', body: { url: 'https://hooks.example.com/matrix' } }), expected: [404, 404, 404, 404, 201] },
  { route: 'POST /admin/analytics/webhooks/:id/disable', request: () => ({ path: '/admin/analytics/webhooks/x/disable' }), expected: [404, 404, 404, 404, 400] },
  { route: 'POST /admin/analytics/webhooks/:id/enable', request: () => ({ path: '/admin/analytics/webhooks/x/enable' }), expected: [404, 404, 404, 404, 400] },
  { route: 'DELETE /admin/analytics/webhooks/:id', request: () => ({ path: '/admin/analytics/webhooks/x' }), expected: [404, 404, 404, 404, 400] },
  { route: 'GET /admin/analytics/webhooks/:id/deliveries', request: () => ({ path: '/admin/analytics/webhooks/x/deliveries' }), expected: [404, 404, 404, 404, 400] },
  { route: 'POST /auth/logout', request: () => ({ path: '/auth/logout' }), expected: all(200), endsSession: true },
  {
    route: 'POST /auth/register',
    request: (_, role) => ({ path: '/auth/register', body: registration({ email: `new-${role}@example.com` }) }),
    expected: all(201),
    endsSession: true,
  },
  // Account settings: any account, its own only (the session names it; no call takes a user id).
  { route: 'GET /account/profile', request: () => ({ path: '/account/profile' }), expected: member(200) },
  { route: 'PUT /account/profile', request: () => ({ path: '/account/profile', body: {} }), expected: member(400) },
  { route: 'POST /account/avatar', request: () => ({ path: '/account/avatar', body: {} }), expected: member(415) },
  { route: 'DELETE /account/avatar', request: () => ({ path: '/account/avatar' }), expected: member(200) },
  { route: 'POST /account/email', request: () => ({ path: '/account/email', body: {} }), expected: member(400) },
  { route: 'POST /account/password', request: () => ({ path: '/account/password', body: {} }), expected: member(400) },
  { route: 'GET /account/sessions', request: () => ({ path: '/account/sessions' }), expected: member(200) },
  { route: 'POST /account/delete', request: () => ({ path: '/account/delete', body: {} }), expected: member(400) },
  { route: 'POST /account/sessions/logout-all', request: () => ({ path: '/account/sessions/logout-all' }), expected: member(200), endsSession: true },
];

describe('authorization matrix: every API route × guest, client, producer, moderator, admin', () => {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-matrix-media-'));
  let app: TestApp;
  const fixtures: Fixtures = { orderId: '' };
  const sessions = new Map<Role, ApiBrowser>();
  const emailOf = (role: Role) => `${role}@example.com`;

  const sessionOf = async (role: Role): Promise<ApiBrowser> => {
    const known = sessions.get(role);
    if (known) return known;
    const browser = new ApiBrowser(app.baseUrl);
    if (role !== 'guest') expect((await browser.json('POST', '/auth/login', { email: emailOf(role), password: 'beats42' })).status).toBe(200);
    sessions.set(role, browser);
    return browser;
  };

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    app = await startTestApp({ env: { MEDIA_DIR: mediaDir, RESET_REQUESTS_PER_15_MINUTES: '1000', PAGE_FORMS_PER_15_MINUTES: '1000' } });
    await listShop(app.deps);
    for (const role of ['client', 'producer', 'moderator', 'admin'] as const) {
      const form = role === 'producer' ? { selectedRole: 'producer', isBuyer: false, socialNetwork: 'https://www.facebook.com/ada' } : {};
      const browser = new ApiBrowser(app.baseUrl);
      expect((await browser.json('POST', '/auth/register', registration({ email: emailOf(role), ...form }))).status).toBe(201);
      if (role === 'moderator' || role === 'admin') {
        const granted = await runUsersCommand(app.deps.config.databaseUrl, ['grant', role, emailOf(role)]);
        expect(granted.stderr).toBe('');
      }
    }
    const client = await sessionOf('client');
    expect((await client.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false })).status).toBe(200);
    const paid = await client.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(client, { stripePaymentMethodId: 'pm_card_visa', coupon: null }));
    expect(paid.body.status).toBe('paid');
    fixtures.orderId = paid.body.id;
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  test('the table lists every route the app has under /api/v1, and nothing else', () => {
    const routes = listApiRoutes(createApp(app.deps, { assets: TEST_ASSETS }));
    expect(MATRIX.map((row) => row.route).sort()).toEqual(routes);
  });

  test('the staff accounts are what the command made them', async () => {
    for (const role of ROLES.slice(1)) {
      expect((await (await sessionOf(role)).json('GET', '/auth/checkhealth')).body).toMatchObject({ currentRole: role });
    }
  });

  test('each role gets the expected status from each route', async () => {
    const observed: Record<string, Statuses> = {};
    for (const row of MATRIX) {
      const [method] = row.route.split(' ') as [string];
      const statuses: number[] = [];
      for (const role of ROLES) {
        const browser = await sessionOf(role);
        const { path: call, body, headers } = row.request(fixtures, role);
        const response = await browser.call(method, call, body, headers);
        statuses.push(response.status);
        // An account stream stays open; the status is all the matrix needs.
        await response.body?.cancel();
        if (row.endsSession) sessions.delete(role);
      }
      observed[row.route] = statuses as Statuses;
    }
    expect(observed).toEqual(Object.fromEntries(MATRIX.map((row) => [row.route, row.expected])));
  });
});
