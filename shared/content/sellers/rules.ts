import type { ContentPage, Localized } from '../contentTypes';

/** /for-sellers/rules: the Submission Rules that the Terms & Conditions make part of the agreement. */
export const submissionRules: Localized<ContentPage> = {
  en: {
    title: 'Submission Rules',
    lead:
      'These rules apply to every beat uploaded to Beatcrate. They are part of the Terms & Conditions. Moderators check each upload against them and may refuse, delay or remove content that does not comply.',
    sections: [
      {
        heading: '1. Originality',
        blocks: [
          'Every beat must be composed and produced by you. You must own all rights in it and be free to transfer its full copyright to a buyer.',
          'A beat must not contain samples, loops, templates, construction kits or MIDI files made by others, whether free, bought, “royalty-free” or cleared. Melodies, chord progressions and drum patterns must be your own, not copied from existing songs.',
          'A beat must not be offered, leased or sold anywhere else while it is listed on Beatcrate, and must not have been sold exclusively before.',
        ],
      },
      {
        heading: '2. Audio quality',
        blocks: [
          {
            list: [
              'Upload the full beat as an uncompressed WAV file, 44.1 kHz or higher, 16 or 24 bit.',
              'No clipping, no distortion you did not intend, and no long silence at the start or the end.',
              'No voice tags, watermarks or producer drops in the sold file. The preview may carry a tag.',
              'A mix ready for a vocal: balanced, without a master limiter pushed so hard that the beat cannot be mixed further.',
            ],
          },
        ],
      },
      {
        heading: '3. Description',
        blocks: [
          'Give the real tempo (BPM) and key, choose the genres and moods that fit, and use a title that is not the name of an existing song or artist. Tags must describe the beat; tags naming artists are allowed only as “type beat” references and must not suggest that the artist took part.',
          'A cover image must be yours or licensed to you, and must not show other people’s logos, album art or faces without permission.',
        ],
      },
      {
        heading: '4. Project files',
        blocks: [
          'If you sell the project file with the beat, it must open and play the beat as uploaded, with every track, and list the plugins it needs. The same originality rules apply to everything inside it.',
        ],
      },
      {
        heading: '5. Moderation and reports',
        blocks: [
          'Uploads are published after review. Anyone can report a beat with the “Report a violation” button on its page; a beat that turns out to break these rules is removed, sales of it may be refunded at the seller’s cost, and repeated or serious breaches close the seller account.',
        ],
      },
    ],
  },
  ru: {
    title: 'Правила публикации',
    lead:
      'Эти правила действуют для каждого бита, загруженного на Beatcrate, и являются частью Пользовательского соглашения. Модераторы проверяют каждую загрузку и могут отклонить, отложить или удалить материал, который им не соответствует.',
    sections: [
      {
        heading: '1. Оригинальность',
        blocks: [
          'Каждый бит должен быть написан и спродюсирован вами. Все права на него должны принадлежать вам, и вы должны иметь возможность передать покупателю все авторские права.',
          'Бит не должен содержать сэмплов, лупов, шаблонов, construction kit или MIDI-файлов, созданных другими людьми, — бесплатных, купленных, «royalty-free» или очищенных от прав. Мелодии, аккордовые последовательности и барабанные партии должны быть вашими, а не скопированными из существующих песен.',
          'Пока бит размещён на Beatcrate, его нельзя предлагать, сдавать в аренду или продавать где-либо ещё; бит не должен быть ранее продан на эксклюзивных условиях.',
        ],
      },
      {
        heading: '2. Качество звука',
        blocks: [
          {
            list: [
              'Загружайте полный бит в несжатом WAV, 44,1 кГц или выше, 16 или 24 бит.',
              'Без клиппинга, без непреднамеренных искажений и без длинной тишины в начале или в конце.',
              'Без голосовых тегов, водяных знаков и продюсерских вставок в продаваемом файле. В превью тег допускается.',
              'Сведение, готовое к вокалу: сбалансированное и без лимитера на мастере, выкрученного настолько, что бит уже нельзя сводить дальше.',
            ],
          },
        ],
      },
      {
        heading: '3. Описание',
        blocks: [
          'Указывайте настоящий темп (BPM) и тональность, выбирайте подходящие жанры и настроения и не называйте бит именем существующей песни или артиста. Теги должны описывать бит; имена артистов допустимы только как отсылка в стиле «type beat» и не должны создавать впечатление, что артист участвовал в работе.',
          'Обложка должна принадлежать вам или использоваться по лицензии и не должна содержать чужих логотипов, обложек альбомов или лиц людей без их разрешения.',
        ],
      },
      {
        heading: '4. Проектные файлы',
        blocks: [
          'Если вы продаёте вместе с битом проектный файл, он должен открываться и воспроизводить бит в загруженном виде со всеми дорожками, а также содержать список нужных плагинов. Правила оригинальности распространяются на всё его содержимое.',
        ],
      },
      {
        heading: '5. Модерация и жалобы',
        blocks: [
          'Загрузки публикуются после проверки. Любой может пожаловаться на бит кнопкой «Report a violation» на его странице; бит, нарушающий эти правила, удаляется, продажи могут быть возвращены покупателям за счёт продавца, а повторные или серьёзные нарушения ведут к закрытию аккаунта продавца.',
        ],
      },
    ],
  },
};
