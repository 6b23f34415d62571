import type { ContentPage, Localized } from '../contentTypes';

/** /for-sellers/use-of-samples: the sample rule explained with examples. */
export const useOfSamples: Localized<ContentPage> = {
  en: {
    title: 'Use of samples',
    lead:
      'A buyer on Beatcrate receives the full copyright in the beat. You can only transfer rights you own, so a beat sold here must not contain anyone else’s recorded material. This page explains where the line runs.',
    sections: [
      {
        heading: 'Not allowed',
        blocks: [
          {
            list: [
              'Samples of records, films, games or videos, even short ones, even chopped, pitched or reversed, and even if you “cleared” them for your own use.',
              'Loops and construction kits from sample packs, marketplaces or other producers, including those sold as “royalty-free”.',
              'MIDI files and project templates made by others, including chord and melody packs.',
              'Melodies or drum patterns copied note for note from existing songs.',
            ],
          },
        ],
      },
      {
        heading: 'Allowed',
        blocks: [
          {
            list: [
              'Virtual instruments and synthesizers you play or program yourself, including their factory presets.',
              'Single drum hits (one-shots) that you arrange into your own patterns, from a library whose licence allows them in beats sold with full rights.',
              'Sounds you recorded yourself: your voice, your guitar, a field recording you made.',
            ],
          },
        ],
      },
      {
        heading: 'Why so strict?',
        blocks: [
          'Royalty-free licences let you use a loop in your own music; they do not let you give its copyright to someone else. If a sold beat contains another person’s loop, the buyer’s song can be claimed on streaming platforms and the buyer does not own what they paid for. That is why a report of an uncleared sample leads to removal and refund.',
          'Keep your project files. If a beat is reported, the session showing how you built it is the fastest way to settle the question.',
        ],
      },
    ],
  },
  ru: {
    title: 'Использование сэмплов',
    lead:
      'Покупатель на Beatcrate получает все авторские права на бит. Передать можно только те права, которые принадлежат вам, поэтому бит, продаваемый здесь, не должен содержать чужого записанного материала. На этой странице объясняется, где проходит граница.',
    sections: [
      {
        heading: 'Нельзя',
        blocks: [
          {
            list: [
              'Сэмплы из пластинок, фильмов, игр или видео — даже короткие, нарезанные, транспонированные или развёрнутые задом наперёд и даже «очищенные» для вашего собственного использования.',
              'Лупы и construction kit из сэмпл-паков, маркетплейсов или от других продюсеров, в том числе продаваемые как «royalty-free».',
              'MIDI-файлы и шаблоны проектов, созданные другими людьми, включая паки аккордов и мелодий.',
              'Мелодии или барабанные партии, скопированные нота в ноту из существующих песен.',
            ],
          },
        ],
      },
      {
        heading: 'Можно',
        blocks: [
          {
            list: [
              'Виртуальные инструменты и синтезаторы, на которых вы играете или которые программируете сами, включая их заводские пресеты.',
              'Одиночные удары барабанов (ваншоты), из которых вы сами собираете партии, — из библиотек, лицензия которых разрешает их использование в битах, продаваемых со всеми правами.',
              'Звуки, записанные вами: ваш голос, ваша гитара, ваши полевые записи.',
            ],
          },
        ],
      },
      {
        heading: 'Почему так строго?',
        blocks: [
          'Лицензия royalty-free позволяет использовать луп в вашей собственной музыке, но не позволяет передать авторские права на него кому-то ещё. Если в проданном бите есть чужой луп, на песню покупателя могут подать претензию на стриминговых площадках, и покупатель не владеет тем, за что заплатил. Поэтому жалоба на неочищенный сэмпл ведёт к удалению бита и возврату денег.',
          'Сохраняйте проектные файлы. Если на бит пожаловались, проект, показывающий, как вы его собрали, — самый быстрый способ разрешить вопрос.',
        ],
      },
    ],
  },
};
