import type { LegalPage } from './contentTypes';

/** /privacy-policy: what Beatcrate keeps about visitors and members, why, and for how long. */
export const privacyPolicy: LegalPage = {
  title: 'Privacy Policy',
  effectiveDate: '2022-06-01',
  lead:
    'This Privacy Policy explains what personal data Beatcrate collects when you browse the storefront, create an account, buy or sell music, or write to us; why we collect it; how long we keep it; and what you can ask us to do with it.',
  sections: [
    {
      heading: '1. Who we are',
      blocks: [
        'Beatcrate is an online storefront where producers sell beats, sample packs and music services and where buyers preview and purchase them. The operator of Beatcrate is the controller of the personal data described here. The Terms & Conditions explain the roles of Visitors, Members, Buyers and Sellers; this policy uses the same words.',
      ],
    },
    {
      heading: '2. What we collect',
      blocks: [
        'We collect only what we need to run the storefront:',
        {
          list: [
            'Account data: your first and last name, email address, country, the role you chose (buyer or seller) and, for sellers, the social network profile you gave us. Your password is stored only as a salted scrypt hash; we never see or keep it in readable form.',
            'Order data: what you bought or sold, prices, coupons, the payment method type and the payment provider’s reference. Card numbers are entered with the payment provider and never reach our servers.',
            'Messages: what you send through the contact form, the newsletter form or a “Report a violation” report, with the email address you gave for our answer.',
            'Session data: a session cookie that keeps you logged in, and the technical data every web request carries (IP address, browser type, the pages requested).',
            'An action log of your browsing session, described in section 4.',
          ],
        },
      ],
    },
    {
      heading: '3. Cookies and local storage',
      blocks: [
        'We use one essential cookie, the session cookie, which is httpOnly (scripts cannot read it) and is sent only to Beatcrate. Without “Remember me” it ends when you close the browser; with it, it lasts 30 days. The storefront also keeps your player volume in your browser’s local storage and an action-log identifier in its session storage.',
        'We do not use advertising cookies. Where an analytics tag or a captcha service is loaded, its provider may set its own cookies under its own privacy policy.',
      ],
    },
    {
      heading: '4. The action log of your session',
      blocks: [
        'To find and fix bugs, the storefront records what happens in your browser tab as a sequence of actions: the pages you open, the filters you choose, the tracks you play, items added to the cart. Support staff can replay such a log to see what went wrong for you.',
        'Personal data is removed from this log before it leaves your browser and again on our server: passwords, tokens, card data, email addresses, names, phone numbers and addresses are replaced with “[REDACTED]”, and the text of the messages you write in our forms is not recorded at all. Once you log in, the log of that tab is linked to your account.',
      ],
    },
    {
      heading: '5. Why we use your data',
      blocks: [
        {
          list: [
            'To provide the service you asked for: your account, your purchases and downloads, your sales and payouts (performance of our contract with you).',
            'To keep the storefront secure: limiting failed logins and repeated form submissions per address, detecting fraud (our legitimate interest).',
            'To answer your messages and handle copyright reports (our legitimate interest, and our legal duties as a platform).',
            'To send the newsletter, only if you subscribed (your consent, which you can withdraw at any time).',
            'To keep records the law requires, such as invoices and tax records (legal obligation).',
          ],
        },
      ],
    },
    {
      heading: '6. Mail we send',
      blocks: [
        'We send transactional mail that your account needs: the email-address confirmation, password-reset links, and receipts and notices about your orders. These are not marketing and cannot be switched off while you keep an account. The newsletter is sent only to addresses that subscribed; every issue has an unsubscribe link.',
      ],
    },
    {
      heading: '7. Who we share it with',
      blocks: [
        'We do not sell your personal data. We share it only with the processors that help us run Beatcrate (hosting, mail delivery, payment providers such as card processors and PayPal), each bound to use it only for that purpose; with the other party of a sale to the extent a sale needs (a seller sees which of their beats sold, a buyer sees the seller’s artist name); and with authorities when the law requires it.',
      ],
    },
    {
      heading: '8. How long we keep it',
      blocks: [
        {
          list: [
            'Account data: as long as your account exists, then up to 30 days in backups.',
            'Orders and invoices: as long as tax and accounting law requires, usually several years.',
            'Purchased files: download links work for 180 days from purchase, as the Terms & Conditions explain.',
            'Sessions: until they expire or you log out; failed-login records: 15 minutes.',
            'Action logs: deleted 30 days after your browser tab last added to them.',
            'Contact messages and violation reports: as long as needed to handle them and any resulting dispute.',
            'Newsletter subscriptions: until you unsubscribe.',
          ],
        },
      ],
    },
    {
      heading: '9. Your rights',
      blocks: [
        'You may ask us for a copy of the personal data we hold about you, ask us to correct it or delete it, object to or restrict its use, and ask for it in a portable format. Where we rely on your consent, you may withdraw it at any time. You also have the right to complain to a data-protection authority.',
        'Residents of California have the rights the California Consumer Privacy Act gives them, including to know, delete and correct personal information; we do not sell or share personal information for cross-context advertising.',
      ],
    },
    {
      heading: '10. Children',
      blocks: [
        'Beatcrate is not for children under 13, and we do not knowingly collect their data. Members aged 13 to 17 may use the storefront only with the consent of a parent or guardian. If you believe a child under 13 has given us personal data, contact us and we will delete it.',
      ],
    },
    {
      heading: '11. Security',
      blocks: [
        'Connections to Beatcrate are encrypted, passwords are hashed, session and mailed-link tokens are stored only as hashes, and staff access to personal data is limited to those who need it. No system is perfectly secure; if a breach affects you, we will tell you as the law requires.',
      ],
    },
    {
      heading: '12. Changes and contact',
      blocks: [
        'When we change this policy we publish the new version here with its effective date, and tell members by email about material changes.',
        {
          text: 'For any question or request about your personal data, write to us through the',
          link: { href: '/contacts', label: 'Contact us page' },
          after: 'with the subject “Privacy”. We answer within 30 days.',
        },
      ],
    },
  ],
};
