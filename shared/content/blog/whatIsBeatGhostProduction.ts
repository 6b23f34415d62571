import type { BlogArticle } from '../contentTypes';

export const whatIsBeatGhostProduction: BlogArticle = {
  routeName: 'what-is-beat-ghost-production',
  title: 'What is beat ghost production?',
  summary: 'Producing music that someone else releases under their own name: how it works, what it pays, and what to put in writing.',
  published: '2023-01-11',
  lead:
    'Ghost production means making music that another person releases as their own, without public credit for you. It is common, legal when agreed properly, and often misunderstood. Here is how it works for beats.',
  sections: [
    {
      heading: 'How it works',
      blocks: [
        'A client, often an artist, a DJ or a producer with more demand than time, commissions a track. The ghost producer makes it, delivers the files and transfers the rights. The client releases the track under their name and keeps any royalties and credit. The ghost producer is paid a fee, sometimes with a share of future income if both sides agree.',
        'In beats, ghost production can mean a producer making instrumentals that a better-known producer sells or places under their own brand, or a beatmaker finishing an artist’s rough idea without being named.',
      ],
    },
    {
      heading: 'Ghost production vs buying a beat',
      blocks: [
        'Buying an exclusive beat with full copyright, as on Beatcrate, has something in common with ghost production: the buyer ends up owning the music. The difference is credit. A beat bought in a shop comes from a producer with a public profile, and whether to credit them on the release is a courtesy. In ghost production, the agreement usually says the producer will not claim authorship in public.',
      ],
    },
    {
      heading: 'Is it ethical?',
      blocks: [
        'Music has always had uncredited contributors: session players, arrangers, co-writers. Ghost production is fair when both sides agree freely and the fee reflects what the producer gives up. It turns sour when a producer is pressured into it, underpaid, or finds the agreement was never written down.',
      ],
    },
    {
      heading: 'What to put in the agreement',
      blocks: [
        {
          list: [
            'What is delivered: the track, the stems, the project file, and the number of revisions.',
            'The fee and when it is paid, for example half before work starts and half on delivery.',
            'Which rights transfer, and whether the producer keeps any share of royalties.',
            'Credit: whether the producer may ever mention the work, for instance privately to other clients.',
            'Originality: a promise that the track contains no uncleared samples or loops from others, because the client carries the risk once it is under their name.',
          ],
        },
      ],
    },
    {
      heading: 'Pricing your ghost work',
      blocks: [
        'Charge for your time and for the rights you give up. A track that carries someone else’s name and earns them royalties is worth more than the hours it took you. There is no standard rate, so compare with what you would earn selling the same work under your own name.',
      ],
    },
    {
      heading: 'A credited alternative',
      blocks: [
        'If you like making music to order but want to keep your name on it, offer custom beats instead. On Beatcrate, buyers can order custom work from producers through the services area, and the result is sold with its full copyright, just like a beat from the shop, while your producer page stays public.',
        { text: 'See', link: { href: '/for-buyers/custom-made', label: 'how custom orders work' }, after: '.' },
      ],
    },
  ],
};
