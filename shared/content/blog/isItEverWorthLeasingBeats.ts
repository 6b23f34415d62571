import type { BlogArticle } from '../contentTypes';

export const isItEverWorthLeasingBeats: BlogArticle = {
  routeName: 'is-it-ever-worth-leasing-beats',
  title: 'Is it ever worth leasing beats?',
  summary: 'Leasing has real uses. Here is when a lease is the smart choice, and when you should own the beat instead.',
  published: '2022-09-01',
  lead:
    'We sell beats outright on Beatcrate, so you might expect us to say that leasing is always a mistake. It is not. A lease is a tool, and for some jobs it is the right one. The trouble starts when people use it for the wrong job.',
  sections: [
    {
      heading: 'What a lease gives you',
      blocks: [
        'A beat lease is a non-exclusive licence: the producer lets you record and release a song on the beat, within limits, while keeping the copyright and the right to lease the same beat to anyone else. Typical limits include a maximum number of streams or copies, restrictions on music videos, radio or sync, a share of publishing for the producer, and sometimes an expiry date.',
      ],
    },
    {
      heading: 'When leasing makes sense',
      blocks: [
        {
          list: [
            'Practice and writing. If you are learning to write hooks or working on your delivery, a cheap lease gives you a professional instrumental to work with.',
            'Demos and pitches. A song that exists to show a label, a manager or a collaborator what you can do does not need exclusive rights yet.',
            'Mixtapes and free releases. If the project is not meant to earn money and you accept that others may use the same beat, a lease keeps costs down.',
            'Testing a sound. Leasing a few beats in a new style before committing your budget is a reasonable experiment.',
          ],
        },
      ],
    },
    {
      heading: 'When it does not',
      blocks: [
        {
          list: [
            'Your main release. If you are paying for mixing, mastering, artwork and promotion, the beat is the one part of the song you do not own. That is a weak foundation for your biggest investment.',
            'Anything that might grow. If the song outgrows the lease limits, you have to upgrade, often on the producer’s terms, and if someone else bought the exclusive meanwhile, your options may shrink.',
            'Sync and brand work. Film, TV, game and advertising deals usually require clear ownership of every element of the track.',
            'Your artistic identity. A beat that fifty other artists have released on is hard to make your signature.',
          ],
        },
      ],
    },
    {
      heading: 'The hidden cost: paperwork',
      blocks: [
        'Every lease is a contract. Ten songs on ten leased beats can mean ten different sets of limits to track, and distribution platforms and collecting societies may ask you to prove your rights. Keep every licence PDF, with the date and the beat’s title, in one folder.',
      ],
    },
    {
      heading: 'A simple rule',
      blocks: [
        'Lease for songs you are willing to lose; own the beat for songs you want to keep. If a track is going on your album, into a campaign or up for sync, the extra cost of exclusive ownership is small next to what you spend on everything else.',
        { text: 'Every beat on Beatcrate is sold outright, with its full copyright. Have a look at the', link: { href: '/beats', label: 'catalogue' }, after: 'when a song deserves it.' },
      ],
    },
  ],
};
