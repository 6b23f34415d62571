import type { BlogArticle } from '../contentTypes';

export const buyBeatsOnline: BlogArticle = {
  routeName: 'buy-beats-online',
  title: 'How to buy beats online without regretting it later',
  summary: 'What to check before you pay for a beat: the licence, the files, the producer and the price.',
  published: '2022-06-15',
  lead:
    'Buying a beat online takes two minutes. Finding out a year later that you cannot release the song you recorded on it takes much longer to fix. Here is what to look at before you press the buy button, wherever you shop.',
  sections: [
    {
      heading: 'Know what you are actually buying',
      blocks: [
        'Most beat stores do not sell beats. They sell licences: permission to use a beat under conditions, while the producer keeps the copyright and keeps selling the same beat to other artists. A cheap lease may cap your streams or sales, forbid music videos or radio, or expire after a few years. An exclusive licence usually removes those caps, but the producer may still own the copyright and collect part of the publishing.',
        'Before paying, open the licence text itself, not the summary on the product page. Look for four things: how many copies or streams you may reach, whether you may monetise on video platforms, who owns the composition, and whether the licence ends.',
      ],
    },
    {
      heading: 'Check what is in the download',
      blocks: [
        'An MP3 is fine for writing. For recording and mixing you want at least a WAV file, and if you plan to have the song mixed professionally, the track-out stems (each instrument as its own file) or the project file. Ask before you buy if the product page does not say which files you get, and note how long the download links stay valid. On Beatcrate, for example, purchased files can be downloaded for 180 days, so save them somewhere safe the day you buy.',
      ],
    },
    {
      heading: 'Listen like an engineer',
      blocks: [
        'Play the preview on headphones and on a phone speaker. Is there room for a vocal in the frequencies where your voice lives? Does the low end hold up on small speakers? Is the arrangement finished, or is it an eight-bar loop that you would have to turn into a song yourself? A beat that sounds huge on its own is sometimes too crowded to rap or sing over.',
      ],
    },
    {
      heading: 'Look for samples',
      blocks: [
        'A recognisable sample is the most common reason a released song gets claimed or taken down. If a beat is built on a sample, ask the producer whether it was cleared and for what. Royalty-free loops from sample packs are cleared for the producer’s own music, which does not always cover passing rights on to you. When in doubt, choose beats that are fully original.',
      ],
    },
    {
      heading: 'Check the producer',
      blocks: [
        'Open the producer’s profile. A real catalogue, consistent quality and a way to contact them are good signs. If you buy an exclusive, ask whether the beat was ever leased: earlier leases usually stay valid, so other songs on your beat may already exist.',
      ],
    },
    {
      heading: 'Where Beatcrate fits',
      blocks: [
        'We built Beatcrate around the simplest version of all this. Every beat in the shop is sold once, to one buyer, with its full copyright. There are no lease tiers to compare, no stream caps and no second buyer: when you pay, the beat is marked as sold and disappears from the catalogue. Producers agree to Submission Rules that forbid samples, loops, kits and MIDI files from others, so the beat is theirs to give you.',
        'That model is not the cheapest way to get a beat; a lease elsewhere will usually cost less up front. It is the clearest way to own one.',
        { text: 'Browse the', link: { href: '/beats', label: 'beats catalogue' }, after: ', or read how buying works on the For buyers page.' },
      ],
    },
  ],
};
