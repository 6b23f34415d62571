import type { BlogArticle } from '../contentTypes';

export const problemWithBeatLeasingContracts: BlogArticle = {
  routeName: 'problem-with-beat-leasing-contracts',
  title: 'The problem with beat leasing contracts',
  summary: 'Stream caps, expiry dates, publishing splits and unclear samples: the clauses that catch artists out.',
  published: '2022-10-05',
  lead:
    'Most beat leasing contracts are short, templated and rarely read. That is exactly the problem: the clauses that matter most are the ones nobody checks until a song starts doing well. This is not legal advice, but these are the points worth understanding before you sign.',
  sections: [
    {
      heading: 'Caps you will hit at the worst moment',
      blocks: [
        'Leases often limit the number of streams, downloads or copies a song may reach. A small cap is easy to pass with one playlist placement. When you pass it, you are in breach of the licence unless you upgrade, and the upgrade price is set by the producer at the very moment your song has proven its value.',
      ],
    },
    {
      heading: 'Licences that expire',
      blocks: [
        'Some leases run for a fixed term. When it ends, your right to keep the song online may end with it, even though your vocals, your mix and your audience are all still there. Check whether the licence is perpetual, and what happens to songs already released when it expires.',
      ],
    },
    {
      heading: 'Who owns the composition?',
      blocks: [
        'Under a lease the producer normally keeps the copyright in the beat and often claims a share of the publishing of your song. That split affects your royalties from performance and mechanical rights for the life of the song. It may also mean the producer’s details must be registered with your collecting society, which is easy to forget and awkward to fix later.',
      ],
    },
    {
      heading: 'Content ID and other buyers',
      blocks: [
        'Because a leased beat is sold to many artists, the producer or another buyer may register it with a content-identification system. Your legitimate release can then be claimed automatically on video platforms, and sorting it out means proving your licence to a system that cannot read it.',
      ],
    },
    {
      heading: 'Samples you were never told about',
      blocks: [
        'A lease usually states that the producer owns the beat. If the beat contains an uncleared sample, that statement is worth little when the rights holder contacts your distributor. Some contracts say so explicitly by making the artist responsible for clearing samples, which you cannot do if you do not know they are there.',
      ],
    },
    {
      heading: 'The exclusive that is not',
      blocks: [
        'Even “exclusive” licences vary. Some transfer the copyright; others only stop future leases while the producer keeps ownership and publishing. Earlier leases usually stay valid, so other songs on “your” beat may already exist. Read what the exclusive actually grants.',
      ],
    },
    {
      heading: 'What a clear deal looks like',
      blocks: [
        'Whatever platform you use, a contract you can rely on answers five questions plainly: who owns the copyright after the sale, whether the beat can be sold again, whether there are caps or expiry dates, who collects the publishing, and who guarantees that the beat is free of third-party material.',
        'On Beatcrate our answers are: the buyer owns the full copyright; the beat is never sold again; there are no caps and no expiry; the producer gives up publishing and neighbouring rights in the beat; and the producer agrees to Submission Rules that forbid samples, loops, kits and MIDI from others.',
        { text: 'The full wording is in our', link: { href: '/terms-and-conditions', label: 'Terms & Conditions' }, after: '.' },
      ],
    },
  ],
};
