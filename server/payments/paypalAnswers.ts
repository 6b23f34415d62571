import { array, enums, type Infer, number, optional, string, type, unknown, record } from 'superstruct';

/*
 * What PayPal's Orders v2 and notification APIs answer, as far as we read it: decoded on arrival
 * like anything crossing a boundary (`type`: the fields we read are checked, the many others left).
 */

export const PayPalToken = type({ access_token: string(), expires_in: optional(number()) });

export const PayPalOrder = type({
  id: string(),
  status: enums(['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED']),
  links: optional(array(type({ rel: string(), href: string() }))),
  purchase_units: optional(
    array(
      type({
        custom_id: optional(string()),
        payments: optional(type({ captures: optional(array(type({ id: string(), status: string() }))) })),
      }),
    ),
  ),
});
export type PayPalOrder = Infer<typeof PayPalOrder>;

/** A refusal's reasons (a 422 of a capture): `ORDER_NOT_APPROVED`, `INSTRUMENT_DECLINED`… */
export const PayPalRefusal = type({ details: array(type({ issue: string() })) });

export const PayPalVerification = type({ verification_status: string() });

/** A webhook's event, as PayPal posts it (its signature checked by PayPal before we act on it). */
export const PayPalEvent = type({ event_type: optional(string()), resource: optional(record(string(), unknown())) });

/** In a capture's resource: the order it belongs to. */
export const PayPalRelatedOrder = type({ related_ids: type({ order_id: string() }) });
