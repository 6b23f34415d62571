import type { ContentPage, Localized } from '../contentTypes';

/** /for-sellers/package: what a seller account includes. */
export const sellerPackage: Localized<ContentPage> = {
  en: {
    title: 'The seller package',
    lead: 'A seller account on Beatcrate costs nothing to open. Here is what it gives you.',
    sections: [
      {
        heading: 'Your storefront',
        blocks: [
          {
            list: [
              'A producer page at your own short address (beatcrate/your-name) with your avatar, your beats and a Follow button, so listeners can keep up with your releases.',
              'Your beats in the catalogue, where buyers filter by genre, mood, BPM, key, price, vocals and samples and play every preview in the player.',
              'A waveform and a streaming preview for every beat; buyers hear it before they buy, you keep the full-quality files private until the sale.',
            ],
          },
        ],
      },
      {
        heading: 'Your dashboard',
        blocks: [
          {
            list: [
              'Uploads of beats with their details, price and, if you want to sell it too, the project file.',
              'Your sales, your balance and your payout requests, by bank transfer or in stablecoins.',
              'Discount coupons for your own beats, up to 30% off your price.',
              'Support, for any question about an upload, a sale or a payout.',
            ],
          },
        ],
      },
      {
        heading: 'Prices',
        blocks: [
          'Beats on Beatcrate are priced between $199 and $999, in US dollars. Because every sale transfers the full copyright, prices sit above the lease prices you may know from other platforms; you choose yours within that range.',
        ],
      },
    ],
  },
  ru: {
    title: 'Пакет продавца',
    lead: 'Открыть аккаунт продавца на Beatcrate бесплатно. Вот что он вам даёт.',
    sections: [
      {
        heading: 'Ваша витрина',
        blocks: [
          {
            list: [
              'Страница продюсера по вашему короткому адресу (beatcrate/ваше-имя) с аватаром, вашими битами и кнопкой «Подписаться», чтобы слушатели следили за новыми релизами.',
              'Ваши биты в каталоге, где покупатели фильтруют их по жанру, настроению, BPM, тональности, цене, вокалу и сэмплам и слушают каждое превью в плеере.',
              'Волновая форма и превью для каждого бита: покупатель слышит бит до покупки, а файлы в полном качестве остаются закрытыми до продажи.',
            ],
          },
        ],
      },
      {
        heading: 'Ваш личный кабинет',
        blocks: [
          {
            list: [
              'Загрузка битов с описанием, ценой и, если хотите продавать и его, проектным файлом.',
              'Ваши продажи, баланс и запросы на выплату — банковским переводом или в стейблкоинах.',
              'Купоны на скидку для ваших битов — до 30% от вашей цены.',
              'Поддержка по любым вопросам о загрузке, продаже или выплате.',
            ],
          },
        ],
      },
      {
        heading: 'Цены',
        blocks: [
          'Биты на Beatcrate стоят от $199 до $999 (в долларах США). Поскольку каждая продажа передаёт покупателю все авторские права, цены выше, чем цены аренды (лизинга) на других площадках; вы выбираете свою цену в этих пределах.',
        ],
      },
    ],
  },
};
