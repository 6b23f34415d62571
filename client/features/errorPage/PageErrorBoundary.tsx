import { Component, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

const RENDER_FAILURE = { statusCode: 500, message: 'Server error', noRoute: false };

/**
 * A page that throws while rendering shows the error page of SPEC §2 inside the shell, so the
 * header still leads elsewhere (App keys it by the address: another page tries again). Only when
 * the error page itself fails does the outer boundary show the last-resort text.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorPage error={RENDER_FAILURE} /> : this.props.children;
  }
}
