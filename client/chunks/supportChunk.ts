import type { ComponentType } from 'react';
import type { RouteName } from '../../shared/routes/routeTable';
import { SupportSessionPage } from '../features/support/SupportSessionPage';
import { SupportSessionsPage } from '../features/support/SupportSessionsPage';

/** The `support` chunk: the support console, for moderators and admins only. */
export const PAGES: Readonly<Partial<Record<RouteName, ComponentType>>> = {
  'admin-support-sessions': SupportSessionsPage,
  'admin-support-session': SupportSessionPage,
};

