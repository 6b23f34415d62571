import type { ReactNode } from 'react';
import { AnnouncementBar } from './AnnouncementBar';
import { Footer } from './Footer';
import { FooterBar } from './FooterBar';
import { Header } from './Header';
import { Panels } from './Panels';
import { ProgressBar } from './ProgressBar';
import { ErrorToast } from './Toasts';

/** Everything around the page: progress bar, announcement, header (with the notification toast), footer, footer bar, panels and the error toast. */
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
    </div>
  );
}
