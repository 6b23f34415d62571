import { array, boolean, enums, type Infer, integer, min, nullable, number, object, string } from 'superstruct';
import { ORDER_STATUSES } from './order';
import { TrackSchema } from './track';
import { CustomOrderSummarySchema } from './customOrders';

const count = () => min(integer(), 0);

/** One of the member's orders as the dashboard lists it (the `orders` read model). */
export const OrderSummarySchema = object({
  id: string(),
  placedAt: string(),
  status: enums(ORDER_STATUSES),
  total: number(),
  items: array(object({ productId: integer(), name: string(), productType: string() })),
});
export type OrderSummary = Infer<typeof OrderSummarySchema>;

/** A product a producer has listed, with whether it sold (a beat sells once). */
export const ListedProductSchema = object({
  id: integer(),
  name: string(),
  productType: string(),
  price: number(),
  isSold: boolean(),
  coverImageSrc: nullable(string()),
});
export type ListedProduct = Infer<typeof ListedProductSchema>;

/**
 * GET /dashboard/home: the member's latest paid orders, the new beats of the producers they follow,
 * their open custom orders; for a producer with a profile, their listed products.
 */
export const DashboardHomeSchema = object({
  recentPurchases: array(OrderSummarySchema),
  followedNewBeats: array(TrackSchema),
  openCustomOrders: array(CustomOrderSummarySchema),
  listedProducts: nullable(array(ListedProductSchema)),
});
export type DashboardHome = Infer<typeof DashboardHomeSchema>;

/** GET /admin/summary: the shop in numbers, of all time. */
export const AdminSummarySchema = object({
  products: count(),
  producers: count(),
  buyers: count(),
  /** Paid orders not refunded. */
  orders: count(),
  /** Net revenue in dollars: the totals of those orders, so gross revenue less refunds. */
  revenue: number(),
});
export type AdminSummary = Infer<typeof AdminSummarySchema>;
