import {
  termsAndConditions,
  type TermsDocument,
  type TermsParagraph,
} from '../../../shared/content/termsAndConditions';
import { Link } from '../navigation/Link';

function Paragraph({ paragraph }: { paragraph: TermsParagraph }) {
  if (typeof paragraph === 'string') return <p>{paragraph}</p>;
  return (
    <p>
      {paragraph.text}
      {paragraph.link && (
        <>
          {' '}
          <Link href={paragraph.link.href}>{paragraph.link.label}</Link>
        </>
      )}
      {paragraph.after && ` ${paragraph.after}`}
    </p>
  );
}

/**
 * The numbered sections of the Terms and Conditions. Section headings are h2 on the page (under
 * its h1) and h3 in the popup (under the popup's h2 title). Links go through the app's Link, so
 * they navigate in-app.
 */
export function TermsContent({
  headingLevel = 2,
  document = termsAndConditions,
}: {
  headingLevel?: 2 | 3;
  document?: TermsDocument;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="terms-content">
      {document.sections.map((section) => (
        <section key={section.number} className="terms-content__section" aria-labelledby={`terms-section-${section.number}`}>
          <Heading id={`terms-section-${section.number}`} className="terms-content__heading">
            {`${section.number}. ${section.heading}`}
          </Heading>
          {section.paragraphs.map((paragraph, index) => (
            <Paragraph key={index} paragraph={paragraph} />
          ))}
        </section>
      ))}
    </div>
  );
}
