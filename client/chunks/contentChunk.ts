import type { ComponentType } from 'react';
import type { RouteName } from '../../shared/routes/routeTable';
import { EmailConfirmationPage, ResetPasswordPage } from '../features/auth/AccountPages';
import { CONTENT_PAGES } from '../features/pages';
import { ProMembershipPage } from '../features/proMembership/ProMembershipPage';
import { TermsPage } from '../features/terms/TermsPage';

export { pageTitle } from '../../shared/content/contentPages';

/** The `content` chunk: articles, the terms, the PRO membership and the account e-mail pages. */
export const PAGES: Readonly<Partial<Record<RouteName, ComponentType>>> = {
  'email-confirmation-token': EmailConfirmationPage,
  'reset-password-token': ResetPasswordPage,
  'terms-and-conditions': TermsPage,
  'pro-membership': ProMembershipPage,
  ...CONTENT_PAGES,
};
