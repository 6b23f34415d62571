import type { BlogArticle } from '../contentTypes';

export const bestAlternativeToBeatstars: BlogArticle = {
  routeName: 'best-alternative-to-beatstars',
  title: 'The best alternative to BeatStars depends on what you want to own',
  summary: 'BeatStars popularised beat leasing. If leasing is not what you want, here is how to choose another platform.',
  published: '2022-07-06',
  lead:
    'BeatStars is the name most artists and producers think of first when it comes to buying and selling beats online. It is a large marketplace built around leasing. Looking for an alternative usually means one of two things: you want a different business model, or you want a different community. This article helps you work out which.',
  sections: [
    {
      heading: 'What BeatStars does well',
      blocks: [
        'Credit where it is due. BeatStars gives producers a store, a profile, a player and licence templates in one place, and gives artists a huge catalogue to search. Leasing lets an artist start recording on a professional beat for a small price, and lets a producer earn from the same beat many times. For many people that is exactly the right deal.',
      ],
    },
    {
      heading: 'Why people look elsewhere',
      blocks: [
        {
          list: [
            'Non-exclusive rights. A leased beat can be leased to any number of other artists. If your song takes off, someone else’s song may sound almost the same.',
            'Licence fine print. Caps on streams or sales, expiry dates and publishing splits differ from producer to producer, and keeping track of them across many purchases is work.',
            'Seller costs. Producers who want the most features usually pay a subscription, which only makes sense at a certain volume of sales.',
            'Noise. On any very large marketplace it is hard for a new producer to be heard and hard for a buyer to filter.',
          ],
        },
      ],
    },
    {
      heading: 'Questions to ask any alternative',
      blocks: [
        'Before moving your catalogue or your budget, compare platforms on the points that decide your day-to-day experience: Does a sale transfer copyright or only a licence? Can a beat be sold more than once? Who pays fees, and when? How does the platform handle samples and copyright claims? How long can buyers download files? Can you reach a human in support?',
      ],
    },
    {
      heading: 'Beatcrate: the exclusive-only alternative',
      blocks: [
        'Beatcrate is one answer, for one kind of user. It does not lease. Every beat is sold once, and the buyer receives the full copyright, with the producer waiving moral rights and giving up publishing and neighbouring rights in it, as our Terms & Conditions set out. The beat then shows as sold and cannot be bought again.',
        'For artists that means a beat nobody else can release, without stream caps or expiry dates to track. For producers it means fewer, larger sales rather than many small ones: beats are priced between $199 and $999, and the producer sets the price within that range. Sellers can also offer custom work, such as mixing, mastering or beats made to order, through the services part of the site.',
        'We also take originality seriously. Sellers agree not to use samples, loops, templates, construction kits or MIDI files from others, and every beat page has a “Report a violation” button that sends a report straight to our moderators.',
      ],
    },
    {
      heading: 'So which is best?',
      blocks: [
        'If you want the cheapest way to start recording and do not mind sharing a beat, a leasing marketplace such as BeatStars remains a sensible choice. If you want to own your beat outright, or you are a producer who would rather sell each beat once at a fair price, try an exclusive-only platform.',
        { text: 'Compare for yourself in the', link: { href: '/beats', label: 'Beatcrate catalogue' }, after: '.' },
      ],
    },
  ],
};
