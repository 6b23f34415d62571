import type { ContentPage } from './contentTypes';

/** /for-buyers: how buying on Beatcrate works. */
export const forBuyers: ContentPage = {
  title: 'How it works for buyers',
  lead:
    'Beatcrate sells beats with full ownership: when you buy a beat, the copyright is yours and the beat leaves the shop. Here is how to find one, pay for it and get your files.',
  sections: [
    {
      heading: 'Find your beat',
      blocks: [
        {
          text: 'Open the',
          link: { href: '/beats', label: 'Beats catalogue' },
          after: 'and narrow it down by genre, mood, BPM, key, price, vocals or samples, or search by up to three tags. Every beat has a preview you can play in the player at the bottom of the page; add the ones you like to your wishlist to compare them later.',
        },
      ],
    },
    {
      heading: 'Buy it',
      blocks: [
        'Add the beat to your cart. Some beats also offer the project file (the session with every track and plugin setting) for an extra price; tick it in the cart if you want it. Pay by card, PayPal or your browser’s wallet; prices are in US dollars and the service fee is shown before you pay.',
        'You need an account to buy. Registration takes a minute: choose “I’m a buyer”, confirm your email and you are ready.',
      ],
    },
    {
      heading: 'Own it',
      blocks: [
        'When the payment is complete, the beat is yours: you own the full copyright, you can record on it, release the song on every platform, monetise it and register it with your collecting society without paying royalties to the producer. The beat is marked as sold and nobody else can buy it.',
        {
          text: 'The exact terms are in our',
          link: { href: '/terms-and-conditions', label: 'Terms & Conditions' },
          after: '(sections 9 to 14).',
        },
      ],
    },
    {
      heading: 'Download your files',
      blocks: [
        'Your purchases are in “My purchases” in your dashboard. Download links work for 180 days from the purchase and expire on day 181, so keep copies of your files: after that period we cannot re-send them.',
      ],
    },
    {
      heading: 'Need something made for you?',
      blocks: [
        {
          text: 'If the catalogue does not have what you hear in your head, order a beat, a mix or a master from a producer: read about',
          link: { href: '/for-buyers/custom-made', label: 'custom-made music' },
          after: '.',
        },
        { text: 'Prices and delivery times are on the', link: { href: '/services', label: 'Services page' }, after: '.' },
      ],
    },
  ],
};

/** /for-buyers/custom-made: ordering custom music services. */
export const customMade: ContentPage = {
  title: 'Custom-made beats and services',
  lead:
    'Order a beat produced from scratch for your song, or have your vocals mixed and mastered by a producer on Beatcrate. You describe what you need; the producer delivers it; you own the result.',
  sections: [
    {
      heading: 'What you can order',
      blocks: [
        {
          list: [
            'A custom beat, made to your brief: reference tracks, tempo, key and mood.',
            'Mixing, mastering, or both, of a song recorded on any beat.',
            'Vocal tuning and vocal editing, so the performance is ready to mix.',
            'An arrangement that turns a loop or a demo into a full song.',
          ],
        },
        { text: 'Current prices and delivery times are listed on the', link: { href: '/services', label: 'Services page' }, after: '.' },
      ],
    },
    {
      heading: 'How an order works',
      blocks: [
        {
          list: [
            'Log in as a buyer and press “Custom order” in the header. It takes you to the Services area of your dashboard.',
            'Choose the service and write your brief. Attach references and, for mixing, your stems.',
            'Pay for the order. The producer starts work and keeps you updated in the order’s conversation.',
            'Receive the files, ask for the revisions the service includes, and approve the result.',
          ],
        },
      ],
    },
    {
      heading: 'Rights',
      blocks: [
        'A custom beat is exclusive: it is never sold to anyone else, and you receive its full copyright on delivery, as with any beat bought in the shop. For mixing and mastering, the song stays yours; the engineer claims no rights in it.',
        'Custom orders are for buyers. Seller accounts cannot place them; if you are a producer who also needs a service, use a buyer account.',
      ],
    },
  ],
};
