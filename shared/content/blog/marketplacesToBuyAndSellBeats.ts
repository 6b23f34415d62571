import type { BlogArticle } from '../contentTypes';

export const marketplacesToBuyAndSellBeats: BlogArticle = {
  routeName: 'marketplaces-to-buy-and-sell-beats',
  title: 'Marketplaces to buy and sell beats: how to tell them apart',
  summary: 'Leasing stores, exclusive-only shops, your own website and social media: the main ways beats change hands, compared.',
  published: '2022-08-10',
  lead:
    'There are more places to buy and sell beats than ever, and from the outside they look alike: a grid of cover images, a player, a price. Underneath, they work very differently. Here are the main kinds of marketplace and the trade-offs each one makes.',
  sections: [
    {
      heading: '1. Leasing marketplaces',
      blocks: [
        'The largest beat marketplaces, BeatStars and Airbit among them, are built on leasing. A producer uploads a beat once and sells non-exclusive licences to it in tiers: a basic MP3 lease, a WAV lease, a track-out lease with stems, and usually an exclusive licence at the top.',
        'For buyers, leases are an affordable way to get a professional beat. For producers, one good beat can sell many times. The cost is complexity: every licence has its own limits, and a beat can end up on many songs. Producers often pay a monthly plan to unlock more uploads or lower fees.',
      ],
    },
    {
      heading: '2. Exclusive-only shops',
      blocks: [
        'A smaller group of platforms sells each beat once. Beatcrate works this way: the buyer receives the full copyright, the beat is marked as sold, and it leaves the catalogue. Prices are higher than a lease, since the producer gives up every future sale of that beat, and on Beatcrate they range from $199 to $999.',
        'This model suits artists who want to own their music outright and producers who prefer selling fewer beats at a fair price over managing dozens of licences. It asks more of quality control, because a beat cannot be quietly re-licensed if something is wrong with it; that is why Beatcrate has Submission Rules forbidding samples, loops, kits and MIDI files from others.',
      ],
    },
    {
      heading: '3. Sample and sound marketplaces',
      blocks: [
        'Sites that sell sample packs, loops and presets are marketplaces for producers rather than for artists. They are useful for making music, but remember that a royalty-free licence for a loop lets you use it in your own tracks; it does not automatically let you sell that loop’s copyright to an artist inside a beat.',
      ],
    },
    {
      heading: '4. Your own website',
      blocks: [
        'Many producers run a store on their own domain with a beat-store plugin or a general e-commerce tool. You keep control of your brand, your prices and your customer list, and you pay no marketplace commission. You also bring every visitor yourself: no marketplace search will send buyers your way.',
      ],
    },
    {
      heading: '5. Social media and direct deals',
      blocks: [
        'Plenty of beats are still sold through direct messages after a snippet on social media. It is fast and personal, but it leaves everything to trust: the contract, the payment, the file delivery and any later dispute. If you work this way, write down the terms, however short, and keep proof of payment and delivery.',
      ],
    },
    {
      heading: 'How to choose',
      blocks: [
        'As a buyer, start from what you need to own. If you only need a beat for a demo or a mixtape, a lease is fine. If you are investing in a release, look for exclusive rights and read exactly what “exclusive” means on that platform.',
        'As a seller, many producers combine channels: a leasing marketplace for reach, their own site for loyal customers, and an exclusive-only shop for beats they would rather sell once. Just never list the same beat as exclusive in two places.',
        { text: 'If exclusive sales suit you, read', link: { href: '/for-sellers', label: 'how selling on Beatcrate works' }, after: '.' },
      ],
    },
  ],
};
