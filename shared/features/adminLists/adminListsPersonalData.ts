import { dynamic, nullable, type } from 'superstruct';
import { type Shape, slicePersonalData } from '../../actionLog/personalData';
import {
  AdminBuyerDetailSchema,
  AdminBuyerPageSchema,
  AdminOrderDetailSchema,
  AdminOrderPageSchema,
  AdminProducerDetailSchema,
  AdminProducerPageSchema,
  AdminTrackPageSchema,
} from '../../schemas/adminLists';
import adminListsSlice, { type LoadedList } from './adminListsSlice';

const PAGES: Readonly<Record<LoadedList['list'], Shape>> = { buyers: AdminBuyerPageSchema, producers: AdminProducerPageSchema, tracks: AdminTrackPageSchema, orders: AdminOrderPageSchema };

/** A loaded page is shaped by the list it names. */
const LoadedListShape = dynamic<LoadedList>((value) => {
  const list = (value as { list?: unknown } | null)?.list;
  return type({ page: typeof list === 'string' && Object.hasOwn(PAGES, list) ? PAGES[list as LoadedList['list']] : type({}) }) as Shape;
});

/** The admin's lists and detail pages: buyers' names and addresses, the account behind a producer, an order's buyer. */
export const adminListsPersonalData = slicePersonalData(adminListsSlice, {
  state: {
    lists: type({
      buyers: nullable(AdminBuyerPageSchema),
      producers: nullable(AdminProducerPageSchema),
      tracks: nullable(AdminTrackPageSchema),
      orders: nullable(AdminOrderPageSchema),
    }),
    buyer: AdminBuyerDetailSchema,
    producer: AdminProducerDetailSchema,
    order: AdminOrderDetailSchema,
  },
  actions: {
    listLoaded: LoadedListShape,
    buyerLoaded: AdminBuyerDetailSchema,
    producerLoaded: AdminProducerDetailSchema,
    orderLoaded: AdminOrderDetailSchema,
  },
});
