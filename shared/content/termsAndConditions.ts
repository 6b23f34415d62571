/**
 * The Terms and Conditions of Beatcrate, as data. The /terms-and-conditions page and the terms
 * popup both render it through client/features/terms/TermsContent.tsx.
 */

/** A link inside a paragraph: `text` is shown, with `link.label` (pointing at `link.href`) after it. */
export interface TermsLinkParagraph {
  readonly text: string;
  readonly link?: { readonly href: string; readonly label: string };
  /** Text after the link, if the sentence goes on. */
  readonly after?: string;
}

export type TermsParagraph = string | TermsLinkParagraph;

export interface TermsSection {
  readonly number: number;
  readonly heading: string;
  readonly paragraphs: readonly TermsParagraph[];
}

export interface TermsDocument {
  /** ISO date, YYYY-MM-DD. */
  readonly effectiveDate: string;
  readonly title: string;
  readonly sections: readonly TermsSection[];
}

/** The plain text of one paragraph, link label included. */
export function termsParagraphText(paragraph: TermsParagraph): string {
  if (typeof paragraph === 'string') return paragraph;
  return [paragraph.text, paragraph.link?.label, paragraph.after].filter(Boolean).join(' ');
}

/** 'June 1, 2022' for '2022-06-01'; read as a calendar date, so no time zone can shift it. */
export function formatTermsDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${months[(month ?? 1) - 1]} ${day}, ${year}`;
}

export const SUBMISSION_RULES_HREF = '/for-sellers';

export const termsAndConditions: TermsDocument = {
  effectiveDate: '2022-06-01',
  title: 'Terms & Conditions',
  sections: [
    {
      number: 1,
      heading: 'Acceptance of these Terms',
      paragraphs: [
        'These Terms and Conditions ("Terms") govern your access to and use of Beatcrate, including the website, the storefront, the audio player and every related service (together, the "Service"), operated by the provider of Beatcrate ("Beatcrate", "we", "us" or "our"). These Terms take effect on June 1, 2022.',
        'By browsing the Service, creating an Account, buying or uploading content, or ticking the box that says you agree with these Terms, you accept these Terms and enter into a binding agreement with us. If you do not agree, you must not use the Service.',
      ],
    },
    {
      number: 2,
      heading: 'Definitions and Roles',
      paragraphs: [
        'A "Visitor" is anyone who browses the Service without an Account. A Visitor may view the catalogue and preview audio, but may not buy or sell.',
        'A "Member" is a person who has registered an account with us (an "Account" or "Member Account"). Every Member is either a Buyer or a Seller.',
        'A "Buyer" is a Member who purchases beats, sample packs, memberships or other products through the Service. A "Seller" is a Member who uploads beats and other content to the Service and offers them for sale.',
        '"Content" means any audio, artwork, text, metadata or other material that is uploaded to, offered on or delivered through the Service. A "beat" is an instrumental track offered for sale on the Service.',
      ],
    },
    {
      number: 3,
      heading: 'Eligibility and Age',
      paragraphs: [
        'You must be at least 13 years old to use the Service. If you are under 13, you may not use the Service or create an Account.',
        'If you are between 13 and 17 years old (that is, under 18), you may use the Service only with the consent of a parent or legal guardian, who must review and accept these Terms on your behalf and who is responsible for your use of the Service.',
      ],
    },
    {
      number: 4,
      heading: 'Member Accounts',
      paragraphs: [
        'When you register, you must provide information that is accurate and complete, and you must keep it up to date. We may suspend an Account whose information is false, incomplete or out of date.',
        'Each Member Account may be used by one person only. You may not share your Account, and you may not create an Account for anyone else.',
        'Accounts are personal. You may not sell, transfer, rent or assign your Account, or any rights attached to it, to anyone else.',
        'You are responsible for keeping your password confidential and for all activity that happens under your Account. Tell us at once if you believe your Account has been used without your permission.',
      ],
    },
    {
      number: 5,
      heading: 'Changes to these Terms',
      paragraphs: [
        'We may change these Terms from time to time. When we do, we will publish the new version on the Service with its effective date and, where the change is material, we will take reasonable steps to tell Members in advance.',
        'If you keep using the Service after a change takes effect, you accept the changed Terms. If you do not accept them, you must stop using the Service.',
      ],
    },
    {
      number: 6,
      heading: 'The Service',
      paragraphs: [
        'Beatcrate is a storefront where Sellers offer beats, sample packs and music services, and where Buyers discover, preview and purchase them. Unless we state otherwise, we act as the platform through which a sale is made; the Seller remains responsible for the Content it offers.',
        'We may change, add or withdraw features of the Service at any time. We do not promise that the Service, or any particular Content, will always be available.',
      ],
    },
    {
      number: 7,
      heading: 'Seller Obligations',
      paragraphs: [
        'A Seller may upload only Content that it created itself and for which it owns all rights. A Seller confirms, for every upload, that the Content is original and does not infringe anyone else’s copyright, trademark or other rights.',
        'Beats offered for sale must not contain any samples, loops, templates, construction kits or MIDI files, whether made by the Seller or by anyone else. Every element of a beat must be composed and produced by the Seller.',
        'A Seller must describe its Content honestly, including its title, genre, tempo and key, and must not offer, lease or sell the same beat anywhere else while it is listed on the Service, since its Buyer receives the full copyright in it.',
      ],
    },
    {
      number: 8,
      heading: 'Submission Rules',
      paragraphs: [
        'In addition to these Terms, every upload must comply with our Submission Rules, which set out the technical and quality requirements for Content and form part of these Terms.',
        {
          text: 'The Submission Rules are published on the',
          link: { href: SUBMISSION_RULES_HREF, label: 'For sellers page' },
          after: 'of the Service. Content that does not comply with them may be refused, delayed or removed.',
        },
      ],
    },
    {
      number: 9,
      heading: 'Licence Granted by Sellers',
      paragraphs: [
        'By uploading Content, a Seller grants Beatcrate a worldwide, non-exclusive, royalty-free licence to host, copy, stream, display, promote and distribute that Content for the purpose of operating and marketing the Service and selling the Content.',
        'A Seller also grants the Buyer who pays for a beat a worldwide licence to use that beat, and agrees to the transfer of rights described in section 10 when the sale is completed.',
        'To the fullest extent permitted by law, a Seller waives all moral rights in a sold beat, including any right to be named as its author and any right to object to its modification, and gives up all publishing rights and neighbouring rights in it, so that the Buyer can use the beat without any claim from the Seller.',
      ],
    },
    {
      number: 10,
      heading: 'Ownership on a Completed Sale',
      paragraphs: [
        'When the sale of a beat is completed, the Buyer owns the full copyright in that beat. The Buyer may use, modify, record over, release and commercially exploit the beat without paying any further fee or royalty to the Seller or to Beatcrate.',
        'A sale is completed when the payment has been received in full and the files have been made available to the Buyer. Once a beat has been sold, it is marked as sold and is no longer offered to other Buyers.',
      ],
    },
    {
      number: 11,
      heading: 'Prices, Payment, Taxes and Fees',
      paragraphs: [
        'Prices are shown and charged in US dollars (USD). Payments are processed by third-party payment providers, and you agree to their terms when you pay.',
        'A Buyer must pay the price together with all applicable taxes and fees immediately, at the time of purchase. A purchase is not completed until the full amount has been paid.',
        'Discounts and coupons apply only as described on the Service at the time of purchase and cannot be exchanged for cash.',
      ],
    },
    {
      number: 12,
      heading: 'Purchased Files and Downloads',
      paragraphs: [
        'Purchased files can be downloaded for 180 days from the date of purchase. Download links expire on day 181.',
        'It is the Buyer’s responsibility to download and keep copies of purchased files within that period. After the download period has ended, no refunds are given and we will not re-upload or re-send the files.',
      ],
    },
    {
      number: 13,
      heading: 'Refunds and Seller Repayment',
      paragraphs: [
        'Because digital files are delivered immediately, purchases are generally final. We may, at our discretion, issue a refund where a file is faulty, was not delivered, or where the law requires it.',
        'If we refund a purchase of a Seller’s Content, the Seller must repay to us any fees or earnings it received for that sale within 7 days of our notice. We may deduct the amount from the Seller’s future earnings.',
      ],
    },
    {
      number: 14,
      heading: 'Restrictions on Buyers',
      paragraphs: [
        'A Buyer must not resell, sublicense, share or redistribute purchased Content as it was delivered, whether on its own or as part of a sample pack, library or similar collection. Purchased Content may be used in the Buyer’s own new works only.',
        'Sample packs, the contacts list and other products that do not transfer copyright are licensed for the Buyer’s personal and professional use only, as described on the product page.',
      ],
    },
    {
      number: 15,
      heading: 'Prohibited Conduct',
      paragraphs: [
        'You must not use the Service to break the law; upload Content that infringes the rights of others or that is unlawful, hateful or harmful; impersonate anyone; interfere with the security or operation of the Service; scrape, copy or harvest data from the Service by automated means; or manipulate prices, reviews or sales.',
        'You must not try to get around any download limit, payment step or technical protection of the Service.',
      ],
    },
    {
      number: 16,
      heading: 'Copyright Complaints',
      paragraphs: [
        'We respect the rights of creators. Anyone, whether a Visitor or a Member, who believes that a beat on the Service infringes their copyright can file a report by using the \'Report a violation\' button on that beat.',
        'A report should identify the work said to be infringed, the beat concerned, and the contact details of the person reporting. We review each report and may remove the Content, suspend the Seller’s Account, or take any other step described in section 17. Knowingly false reports may lead to the reporter’s Account being suspended.',
      ],
    },
    {
      number: 17,
      heading: 'Moderation, Suspension and Termination',
      paragraphs: [
        'We may suspend or terminate any Account, and remove any Content, at our sole discretion, at any time and with or without notice, including where we believe these Terms or the Submission Rules have been broken.',
        'We may refuse to post Content, or delay posting it, for review or for any other reason, at our sole discretion.',
        'You may close your Account at any time. Sections that by their nature should survive the end of this agreement, including sections 9, 10, 13, 14 and 20 to 24, continue to apply after your Account is closed.',
      ],
    },
    {
      number: 18,
      heading: 'Beatcrate’s Intellectual Property',
      paragraphs: [
        'The Service, including its design, software, logos and the name Beatcrate, belongs to us or our licensors and is protected by law. Apart from the rights expressly given in these Terms, you receive no right in the Service or its branding.',
      ],
    },
    {
      number: 19,
      heading: 'Third-Party Services',
      paragraphs: [
        'The Service may link to or rely on services run by others, such as payment providers and social networks. We are not responsible for those services, and your use of them is governed by their own terms.',
      ],
    },
    {
      number: 20,
      heading: 'Disclaimer of Warranties',
      paragraphs: [
        'The Service and all Content are provided "as is" and "as available". To the fullest extent permitted by law, we make no warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement, and we do not warrant that the Service will be uninterrupted, secure or free of errors.',
      ],
    },
    {
      number: 21,
      heading: 'Limitation of Liability',
      paragraphs: [
        'To the fullest extent permitted by law, Beatcrate will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of profits, data or goodwill, arising out of or relating to the Service or these Terms.',
        'Our total liability for all claims arising out of or relating to the Service or these Terms is limited to the lesser of $100 USD or the fees you paid to us in the twelve months before the claim arose.',
      ],
    },
    {
      number: 22,
      heading: 'Indemnification',
      paragraphs: [
        'You agree to defend, indemnify and hold harmless Beatcrate and its officers, employees and partners from any claim, loss or expense, including reasonable legal fees, arising out of your Content, your use of the Service or your breach of these Terms.',
      ],
    },
    {
      number: 23,
      heading: 'Dispute Resolution and Arbitration',
      paragraphs: [
        'Before starting any proceedings, the party with a dispute must send the other a written notice of dispute describing the claim and the relief sought. The parties will then try in good faith to resolve the dispute during a resolution period of 30 days after the notice is received, and no proceedings may be started before that period ends.',
        'Any dispute that is not resolved in that period will be settled by binding individual arbitration administered by a recognised consumer arbitration body under its rules for consumer disputes. If the parties do not agree on a location for the hearing, the hearing will be held by video conference. Claims may be brought only on an individual basis, not as a class or representative action.',
        'You may opt out of this arbitration agreement by sending us written notice within 30 days after you first accept these Terms. If you opt out, or if arbitration does not apply for any other reason, section 24 governs where disputes are heard.',
      ],
    },
    {
      number: 24,
      heading: 'Governing Law and General Provisions',
      paragraphs: [
        'These Terms are governed by the laws of the State of California, United States, without regard to its conflict-of-laws rules. Where arbitration does not apply, any dispute will be heard exclusively by the state or federal courts located in Los Angeles, California, and you consent to their jurisdiction.',
        'If any part of these Terms is found unenforceable, the rest remains in effect. Our failure to enforce any provision is not a waiver of it. These Terms, together with the Submission Rules and the Privacy Policy, are the entire agreement between you and Beatcrate about the Service.',
        'Questions about these Terms can be sent to us through the Contact us page of the Service.',
      ],
    },
  ],
};
