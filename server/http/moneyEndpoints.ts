import { object, string, type Struct } from 'superstruct';
import { couponFormErrors, CouponTermsSchema, NewCouponSchema } from '../../shared/schemas/coupons';
import { MONTH_PATTERN, PayoutRequestSchema } from '../../shared/schemas/earnings';
import { requireUser } from '../auth/requireUser';
import { changeCoupon, createCoupon, expireCoupon, listCoupons } from '../commerce/adminCoupons';
import { allStatements, myEarnings, producerBalances, sendPayout, statementDetail } from '../commerce/producerLedger';
import { producerIdOf } from '../producers/producerOfAccount';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';
import { refuseFormErrors } from './formErrors';

const ADMINS = ['admin'] as const;
const CouponParams = object({ code: string() });
const StatementParams = object({ producerId: string(), month: string() });
const MonthParams = object({ month: string() });

/** The coupon form's rules, the cap and the window included, with a message per field (400). */
function refuseCouponErrors<T>(body: unknown, schema: Struct<T, unknown>): void {
  const errors = couponFormErrors(body, schema);
  const first = Object.values(errors)[0];
  if (first !== undefined) throw new HttpError(400, first, { errors });
}

function parseCode(text: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(text)) throw new HttpError(400, `Invalid coupon code: ${JSON.stringify(text.slice(0, 40))}`);
  return text;
}

function parseMonth(text: string): string {
  if (!MONTH_PATTERN.test(text)) throw new HttpError(400, `Invalid month: ${JSON.stringify(text.slice(0, 40))} (use YYYY-MM)`);
  return text;
}

function parseProducer(text: string): number {
  if (!/^\d{1,12}$/.test(text)) throw new HttpError(400, `Invalid producer id: ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

/** SPEC §2 admin menu: `Coupons`, `Payouts`, `Reports (statements)`; and a producer's own earnings. */
export const moneyEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/admin/coupons',
    access: ADMINS,
    input: {},
    async handle(_request, deps) {
      return { body: { coupons: await listCoupons(deps) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/coupons',
    access: ADMINS,
    input: { body: NewCouponSchema, bodyName: 'coupon', formRules: (body) => refuseCouponErrors(body, NewCouponSchema) },
    async handle(request, deps) {
      return { status: 201, body: { coupon: await createCoupon(deps, request.body, requireUser(request).id) } };
    },
  }),
  defineEndpoint({
    method: 'PUT',
    path: '/admin/coupons/:code',
    access: ADMINS,
    input: { params: CouponParams, body: CouponTermsSchema, bodyName: 'coupon', formRules: (body) => refuseCouponErrors(body, CouponTermsSchema) },
    async handle(request, deps) {
      return { body: { coupon: await changeCoupon(deps, parseCode(request.params.code), request.body, requireUser(request).id) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/coupons/:code/expire',
    access: ADMINS,
    input: { params: CouponParams },
    async handle(request, deps) {
      return { body: { coupon: await expireCoupon(deps, parseCode(request.params.code), requireUser(request).id) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/payouts',
    access: ADMINS,
    input: {},
    async handle(_request, deps) {
      return { body: { producers: await producerBalances(deps) } };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/admin/payouts',
    access: ADMINS,
    input: { body: PayoutRequestSchema, bodyName: 'payout', formRules: (body) => refuseFormErrors(body, PayoutRequestSchema) },
    async handle(request, deps) {
      return { status: 201, body: await sendPayout(deps, request.body, requireUser(request).id) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/statements',
    access: ADMINS,
    input: {},
    async handle(_request, deps) {
      return { body: { statements: await allStatements(deps) } };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/admin/statements/:producerId/months/:month',
    access: ADMINS,
    input: { params: StatementParams },
    async handle(request, deps) {
      return { body: await statementDetail(deps, parseProducer(request.params.producerId), parseMonth(request.params.month)) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/producer/earnings',
    access: ['producer'],
    input: {},
    async handle(request, deps) {
      return { body: await myEarnings(deps, await producerIdOf(deps, requireUser(request).id)) };
    },
  }),
  defineEndpoint({
    method: 'GET',
    path: '/producer/statements/:month',
    access: ['producer'],
    input: { params: MonthParams },
    async handle(request, deps) {
      const month = parseMonth(request.params.month);
      const producerId = await producerIdOf(deps, requireUser(request).id);
      if (producerId === null) throw new HttpError(404, `No statement for ${month}`);
      return { body: await statementDetail(deps, producerId, month) };
    },
  }),
];
