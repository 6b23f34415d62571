import type { ContentPage, Localized } from '../contentTypes';

/** /for-sellers: selling on Beatcrate in brief; the terms link here for the Submission Rules. */
export const forSellers: Localized<ContentPage> = {
  en: {
    title: 'How it works for sellers',
    lead:
      'Beatcrate is a storefront for producers who sell their beats outright. Each beat is sold once, with its full copyright, to one buyer, so you set a price that reflects that and the buyer gets a beat nobody else can use.',
    sections: [
      {
        heading: 'Selling in four steps',
        blocks: [
          {
            list: [
              'Register as a seller and complete identity verification.',
              'Upload your beats with their genre, mood, tempo, key and price, following the Submission Rules.',
              'After moderation your beats appear in the catalogue and on your producer page, where listeners can follow you.',
              'When a beat sells, it is marked as sold, the buyer downloads it, and the earnings go to your balance.',
            ],
          },
        ],
      },
      {
        heading: 'Submission Rules',
        blocks: [
          'Everything you upload must be your own work. Beats must not contain samples, loops, templates, construction kits or MIDI files from others, and must meet our quality requirements. These rules are part of the Terms & Conditions, and uploads that break them are refused or removed.',
          { text: 'Read them in full:', link: { href: '/for-sellers/rules', label: 'Submission Rules' }, after: '.' },
        ],
      },
      {
        heading: 'More for sellers',
        blocks: [
          {
            list: [
              { text: 'What your account includes:', link: { href: '/for-sellers/package', label: 'the seller package' } },
              { text: 'How to open a seller account:', link: { href: '/for-sellers/registration', label: 'registration' } },
              { text: 'Prices, coupons, refunds and payouts:', link: { href: '/for-sellers/sales', label: 'sales' } },
              { text: 'What counts as a sample and what does not:', link: { href: '/for-sellers/use-of-samples', label: 'use of samples' } },
            ],
          },
        ],
      },
    ],
  },
  ru: {
    title: 'Как это работает для продавцов',
    lead:
      'Beatcrate — магазин для битмейкеров, которые продают свои биты целиком. Каждый бит продаётся один раз и одному покупателю вместе со всеми авторскими правами, поэтому вы назначаете цену, которая это учитывает, а покупатель получает бит, которым больше никто не сможет воспользоваться.',
    sections: [
      {
        heading: 'Продажа в четыре шага',
        blocks: [
          {
            list: [
              'Зарегистрируйтесь как продавец и пройдите проверку личности.',
              'Загрузите биты с указанием жанра, настроения, темпа, тональности и цены, соблюдая Правила публикации.',
              'После модерации биты появятся в каталоге и на вашей странице продюсера, где слушатели смогут на вас подписаться.',
              'Когда бит продан, он помечается как проданный, покупатель скачивает его, а выручка поступает на ваш баланс.',
            ],
          },
        ],
      },
      {
        heading: 'Правила публикации',
        blocks: [
          'Всё, что вы загружаете, должно быть вашей собственной работой. Биты не должны содержать чужих сэмплов, лупов, шаблонов, construction kit или MIDI-файлов и должны отвечать нашим требованиям к качеству. Эти правила — часть Пользовательского соглашения; загрузки, которые их нарушают, отклоняются или удаляются.',
          { text: 'Полный текст:', link: { href: '/for-sellers/rules?language=ru', label: 'Правила публикации' }, after: '.' },
        ],
      },
      {
        heading: 'Ещё для продавцов',
        blocks: [
          {
            list: [
              { text: 'Что входит в ваш аккаунт:', link: { href: '/for-sellers/package?language=ru', label: 'пакет продавца' } },
              { text: 'Как открыть аккаунт продавца:', link: { href: '/for-sellers/registration?language=ru', label: 'регистрация' } },
              { text: 'Цены, купоны, возвраты и выплаты:', link: { href: '/for-sellers/sales?language=ru', label: 'продажи' } },
              { text: 'Что считается сэмплом, а что нет:', link: { href: '/for-sellers/use-of-samples?language=ru', label: 'использование сэмплов' } },
            ],
          },
        ],
      },
    ],
  },
};
