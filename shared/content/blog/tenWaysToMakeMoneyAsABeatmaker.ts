import type { BlogArticle } from '../contentTypes';

export const tenWaysToMakeMoneyAsABeatmaker: BlogArticle = {
  routeName: '10-ways-to-make-money-as-a-beatmaker',
  title: '10 ways to make money as a beatmaker',
  summary: 'Beat sales are only one income stream. Ten ways producers earn from their skills, with the trade-offs of each.',
  published: '2022-11-02',
  lead:
    'Very few producers live on one income stream. Most combine several, and the mix changes as their skills and their network grow. Here are ten that work, none of them a shortcut.',
  sections: [
    {
      heading: '1. Sell exclusive beats',
      blocks: [
        'Selling a beat once, with its full copyright, brings a larger payment per sale and a buyer who can build a career on it without limits. On Beatcrate every sale works this way, with prices between $199 and $999 set by you.',
      ],
    },
    {
      heading: '2. Lease beats',
      blocks: [
        'Leasing the same beat to many artists trades a smaller price for volume. It works best with a large catalogue and steady traffic, and it means managing licence terms carefully. Never lease a beat you have listed as exclusive somewhere else.',
      ],
    },
    {
      heading: '3. Produce custom beats',
      blocks: [
        'Artists with a clear vision will pay for a beat made to their brief. Custom work pays for your time rather than for a finished product, so agree on the brief, the number of revisions and the deadline before you start.',
      ],
    },
    {
      heading: '4. Mix and master songs',
      blocks: [
        'If your beats sound good, you already have half of an engineer’s skills. Mixing and mastering other artists’ songs, especially songs recorded on your own beats, is a natural extension. It is also steady work, because every released song needs it.',
      ],
    },
    {
      heading: '5. Tune and edit vocals',
      blocks: [
        'Pitch correction, timing, comping takes and cleaning up noise are time-consuming jobs that many artists would rather hand over. They are a good way to start offering services while you build an engineering portfolio.',
      ],
    },
    {
      heading: '6. Ghost produce',
      blocks: [
        'Some producers write for others without public credit, for a fee and under a written agreement. It can pay well and sharpen your skills, but you give up the recognition. Read our article on beat ghost production before you say yes.',
      ],
    },
    {
      heading: '7. Make sample packs and presets',
      blocks: [
        'Drum kits, one-shots and synth presets you designed yourself can be sold to other producers. Be clear in the licence about what buyers may do with them, and do not include anything you did not make.',
      ],
    },
    {
      heading: '8. Collect royalties',
      blocks: [
        'When songs built on your work are streamed, broadcast or performed, royalties may be due to the writers. Whether you are entitled to them depends on the deal: a full copyright sale transfers your rights to the buyer, while leases and co-writing agreements may leave you a share. Register the works you do keep with a collecting society.',
      ],
    },
    {
      heading: '9. License music for sync',
      blocks: [
        'Film, television, games, podcasts and advertising use instrumentals. Music libraries and sync agencies pay for placements, usually with strict requirements about clean, fully owned material and good metadata.',
      ],
    },
    {
      heading: '10. Teach',
      blocks: [
        'Lessons, workshops, tutorials and courses turn your experience into income and bring attention to your other work. Teaching also forces you to understand why your own techniques work.',
      ],
    },
    {
      heading: 'Putting it together',
      blocks: [
        'Pick two or three streams that fit the skills you have now, do them well, and add more as your network grows. Keep records of every deal: who owns what, and who owes whom.',
        { text: 'If exclusive sales and custom services are part of your plan, see', link: { href: '/for-sellers', label: 'how selling on Beatcrate works' }, after: '.' },
      ],
    },
  ],
};
