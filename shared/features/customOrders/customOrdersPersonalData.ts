import { array, type } from 'superstruct';
import { slicePersonalData } from '../../actionLog/personalData';
import { CustomOrderDetailSchema, CustomOrderSummarySchema } from '../../schemas/customOrders';
import customOrdersSlice from './customOrdersSlice';

const Orders = array(CustomOrderSummarySchema);

/** Custom orders: the buyer's name, the brief and the thread of each order. */
export const customOrdersPersonalData = slicePersonalData(customOrdersSlice, {
  state: { mine: Orders, shop: Orders, producer: Orders, open: CustomOrderDetailSchema },
  actions: {
    myCustomOrdersLoaded: Orders,
    shopCustomOrdersLoaded: Orders,
    producerCustomOrdersLoaded: Orders,
    customOrderLoaded: CustomOrderDetailSchema,
    customOrderStepDone: type({ detail: CustomOrderDetailSchema }),
  },
});
