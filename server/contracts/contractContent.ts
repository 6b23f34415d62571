import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { termsAndConditions, termsParagraphText } from '../../shared/content/termsAndConditions';

/**
 * What a licence contract says, as data: the PDF prints it and its SHA-256 is taken over its
 * RFC 8785 canonical JSON, so the same contract hashes the same wherever it is checked.
 */
export interface ContractContent {
  contractId: string;
  orderId: string;
  /** The buyer's name as registered; no email or address. */
  buyer: { name: string };
  /** The producer's public name, as the shop shows it. */
  producer: { producerId: number; name: string };
  beat: { productId: number; name: string };
  price: { cents: number; currency: 'USD' };
  /** When the sale was completed (the payment), ISO. */
  soldAt: string;
  terms: { title: string; effectiveDate: string; grants: ContractGrant[] };
}

/** A right the terms grant, in the terms' own words, with the section it is quoted from. */
export interface ContractGrant {
  section: string;
  text: string;
}

/** The paragraphs of the Terms that make the buyer's rights and the producer's waivers (SPEC §6), by section and paragraph. */
const GRANTS: readonly [section: number, paragraph: number][] = [
  [10, 0],
  [9, 1],
  [9, 2],
  [12, 0],
];

export function contractGrants(): ContractGrant[] {
  return GRANTS.map(([number, index]) => {
    const section = termsAndConditions.sections.find((candidate) => candidate.number === number);
    const paragraph = section?.paragraphs[index];
    if (!section || paragraph === undefined) throw new Error(`The Terms have no paragraph ${index + 1} in section ${number}`);
    return { section: `${section.number}. ${section.heading}`, text: termsParagraphText(paragraph) };
  });
}

/**
 * A sale's contract id: derived from the order and the beat, so however often the job runs the
 * sale gets one contract; hashed, so it does not show the order id it came from.
 */
export function contractIdOf(orderId: string, productId: number): string {
  const digest = createHash('sha256').update(`licence-contract:${orderId}:${productId}`).digest('hex').slice(0, 20).toUpperCase();
  return `BC-${digest.match(/.{4}/g)!.join('-')}`;
}


export function contractHash(content: ContractContent): string {
  const canonical = canonicalize(content);
  if (canonical === undefined) throw new Error('A contract has no canonical form');
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
