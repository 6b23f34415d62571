import { formatTermsDate, termsAndConditions } from '../../../shared/content/termsAndConditions';
import { TermsContent } from './TermsContent';

/** The /terms-and-conditions page. */
export function TermsPage() {
  return (
    <main className="terms-page">
      <h1>{termsAndConditions.title}</h1>
      <p className="terms-page__effective">
        {`Effective ${formatTermsDate(termsAndConditions.effectiveDate)}`}
      </p>
      <TermsContent headingLevel={2} />
    </main>
  );
}
