import type { BlogArticle } from '../contentTypes';

export const beatcrateVsAirbitVsBeatstars: BlogArticle = {
  routeName: 'beatcrate-vs-airbit-vs-beatstars-best-platform-to-sell-beats',
  title: 'Beatcrate vs Airbit vs BeatStars: the best platform to sell beats',
  summary: 'Three platforms, two business models. How exclusive-only selling compares with the leasing marketplaces.',
  published: '2022-12-07',
  lead:
    'Airbit and BeatStars are two of the best-known platforms for selling beats. Beatcrate is a newer and smaller one with a different model. Rather than pretend one of them wins on every count, this comparison sets out how they differ so you can decide which fits the way you work. Plans and fees change often, so check each platform’s current pricing before you decide.',
  sections: [
    {
      heading: 'The business model',
      blocks: [
        'Airbit and BeatStars are leasing marketplaces. A producer uploads a beat and sells non-exclusive licences to it in tiers, plus usually an exclusive option. The same beat can earn many times.',
        'Beatcrate sells each beat once, with its full copyright, to one buyer. There are no lease tiers. When a beat sells, it is marked as sold and leaves the catalogue.',
      ],
    },
    {
      heading: 'What the buyer gets',
      blocks: [
        'On the leasing marketplaces, what the buyer gets depends on the licence the producer attached to each tier: stream or sales caps, allowed uses, publishing splits and sometimes expiry dates vary from producer to producer.',
        'On Beatcrate it is the same for every beat: the full copyright, with the producer waiving moral rights and giving up publishing and neighbouring rights in the beat, as set out in our Terms & Conditions. Purchased files can be downloaded for 180 days.',
      ],
    },
    {
      heading: 'What the seller earns',
      blocks: [
        'Leasing rewards volume. A producer with a large catalogue and steady traffic can earn from many small sales of the same beats, and the leasing platforms offer paid seller plans with extra features.',
        'Exclusive selling rewards value per beat. On Beatcrate beats are priced from $199 to $999, chosen by the producer, and a beat earns once. Sellers can add custom services, such as custom beats, mixing and mastering, and can create coupons of up to 30% off their own prices.',
      ],
    },
    {
      heading: 'Reach and community',
      blocks: [
        'The leasing marketplaces are large, established and well known among artists, which brings traffic and competition in equal measure. Beatcrate is smaller. Fewer beats means less competition for attention, but also fewer visitors; producers who sell here usually promote their producer page themselves as well.',
      ],
    },
    {
      heading: 'Originality and copyright reports',
      blocks: [
        'All three platforms deal with copyright complaints. Because Beatcrate transfers copyright outright, its Submission Rules are strict: no samples, loops, templates, construction kits or MIDI files from others. Every beat page has a “Report a violation” button, and reports go to moderators who can remove the beat.',
      ],
    },
    {
      heading: 'Which is best for you?',
      blocks: [
        {
          list: [
            'Choose a leasing marketplace if you have a big catalogue, want to earn from each beat repeatedly, and are comfortable managing licence terms.',
            'Choose Beatcrate if you would rather sell each beat once at a fair price, to a buyer who owns it completely, and your beats are fully original.',
            'Use both if it suits you, but never offer the same beat as exclusive on two platforms, and never list on Beatcrate a beat you are leasing elsewhere: our rules forbid it, because the buyer would not get what they paid for.',
          ],
        },
        { text: 'Read', link: { href: '/for-sellers', label: 'how selling on Beatcrate works' }, after: 'and decide for yourself.' },
      ],
    },
  ],
};
