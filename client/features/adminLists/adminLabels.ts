import type { AdminProductStatus } from '../../../shared/schemas/adminLists';
import { ORDER_STATUSES } from '../../../shared/schemas/order';
import { orderStatusLabel } from '../sites/formatting';

const PRODUCT_STATUS_LABELS: Record<AdminProductStatus, string> = {
  processing: 'Processing',
  failed: 'Processing failed',
  pending: 'Waiting for a moderator',
  rejected: 'Rejected',
  listed: 'For sale',
  sold: 'Sold',
  withdrawn: 'Withdrawn',
  withheld: 'Withheld (producer blocked)',
};

export const productStatusLabel = (status: AdminProductStatus) => PRODUCT_STATUS_LABELS[status];

export const PRODUCT_STATUS_OPTIONS = Object.entries(PRODUCT_STATUS_LABELS).map(([value, label]) => ({ value, label }));
export const ORDER_STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLabel(status) }));
