import type { ReactNode } from 'react';
import { AnnouncementBar } from './AnnouncementBar';
import { Footer } from './Footer';
import { FooterBar } from './FooterBar';
import { Header } from './Header';
import { Panels } from './Panels';
import { ProgressBar } from './ProgressBar';
import { ErrorToast, NotificationToast } from './Toasts';

/** Everything around the page: progress bar, announcement, header, footer, footer bar, panels and toasts. */
export function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="app">
      <ProgressBar />
      <AnnouncementBar />
      <Header />
      <ErrorToast />
      {children}
      <Footer />
      <FooterBar />
      <Panels />
      <NotificationToast />
    </div>
  );
}
