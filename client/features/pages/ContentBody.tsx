import type { ContentBlock, ContentPage, LinkedText } from '../../../shared/content/contentTypes';
import { Link } from '../navigation/Link';

/** Punctuation hugs the link before it; words get a space. */
const joined = (after: string) => (/^[.,;:!?)]/.test(after) ? after : ` ${after}`);

function Linked({ value }: { value: string | LinkedText }) {
  if (typeof value === 'string') return <>{value}</>;
  return (
    <>
      {value.text}{' '}
      <Link href={value.link.href}>{value.link.label}</Link>
      {value.after && joined(value.after)}
    </>
  );
}

function Block({ block }: { block: ContentBlock }) {
  if (typeof block === 'object' && 'list' in block) {
    return (
      <ul>
        {block.list.map((item, index) => (
          <li key={index}>
            <Linked value={item} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <p>
      <Linked value={block} />
    </p>
  );
}

/** The lead and sections of a content page, under the h1 its page renders. */
export function ContentBody({ page }: { page: ContentPage }) {
  return (
    <div className="content-body">
      {page.lead && <p className="content-body__lead">{page.lead}</p>}
      {page.sections.map((section, index) => (
        <section key={index} className="content-body__section">
          {section.heading && <h2>{section.heading}</h2>}
          {section.blocks.map((block, blockIndex) => (
            <Block key={blockIndex} block={block} />
          ))}
        </section>
      ))}
    </div>
  );
}
