import type { ContentPage, Localized } from '../contentTypes';

/** /for-sellers/registration: opening a seller account. */
export const sellerRegistration: Localized<ContentPage> = {
  en: {
    title: 'Seller registration',
    lead: 'Opening a seller account takes a few minutes. Selling starts once we have verified who you are.',
    sections: [
      {
        heading: 'Register',
        blocks: [
          {
            text: 'Open the',
            link: { href: '/for-sellers/registration?register=true', label: 'registration form' },
            after: 'and switch it to “I’m a seller”. Fill in your first and last name, email, password and country, and agree with the Terms & Conditions.',
          },
          'Sellers also give the address of their personal profile on a social network: a VK profile if you live in Russia, Kazakhstan or Belarus, otherwise a Facebook profile. It helps us confirm that the account belongs to a real producer.',
        ],
      },
      {
        heading: 'Verify your identity',
        blocks: [
          'After registering you see “Registration completed”. Press Start to open your dashboard profile and complete identity verification. Until it is done you can prepare uploads, but your beats are not published and you cannot receive payouts.',
        ],
      },
      {
        heading: 'Before your first upload',
        blocks: [
          { text: 'Read the', link: { href: '/for-sellers/rules', label: 'Submission Rules' }, after: 'and the page on the use of samples. Most refused uploads break one of them.' },
          'You must be at least 18, or have the consent of a parent or guardian, and you may hold one seller account.',
        ],
      },
    ],
  },
  ru: {
    title: 'Регистрация продавца',
    lead: 'Открыть аккаунт продавца можно за несколько минут. Продавать вы сможете после того, как мы подтвердим вашу личность.',
    sections: [
      {
        heading: 'Регистрация',
        blocks: [
          {
            text: 'Откройте',
            link: { href: '/for-sellers/registration?language=ru&register=true', label: 'форму регистрации' },
            after: 'и переключите её на «I’m a seller» (я продавец). Укажите имя, фамилию, email, пароль и страну и примите Пользовательское соглашение.',
          },
          'Продавцы также указывают адрес своей личной страницы в социальной сети: профиль ВКонтакте, если вы живёте в России, Казахстане или Беларуси, в остальных случаях — профиль Facebook. Это помогает нам убедиться, что аккаунт принадлежит настоящему продюсеру.',
        ],
      },
      {
        heading: 'Подтверждение личности',
        blocks: [
          'После регистрации вы увидите сообщение «Registration completed». Нажмите Start, чтобы открыть профиль в личном кабинете и пройти проверку личности. Пока она не завершена, вы можете готовить загрузки, но биты не публикуются, а выплаты недоступны.',
        ],
      },
      {
        heading: 'Перед первой загрузкой',
        blocks: [
          { text: 'Прочитайте', link: { href: '/for-sellers/rules?language=ru', label: 'Правила публикации' }, after: 'и страницу об использовании сэмплов: большинство отклонённых загрузок нарушают одно из них.' },
          'Вам должно быть не меньше 18 лет или нужно согласие родителя либо опекуна; у одного человека может быть только один аккаунт продавца.',
        ],
      },
    ],
  },
};
