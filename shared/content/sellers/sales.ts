import type { ContentPage, Localized } from '../contentTypes';

/** /for-sellers/sales: what happens when a beat sells, coupons, refunds and payouts. */
export const sellerSales: Localized<ContentPage> = {
  en: {
    title: 'Sales',
    lead: 'On Beatcrate a beat is sold once. Here is what happens from the moment a buyer pays to the moment the money reaches you.',
    sections: [
      {
        heading: 'When a beat sells',
        blocks: [
          'The buyer pays the full price and the service fee at checkout. As soon as the payment is complete, the buyer owns the full copyright in the beat, the beat is marked as sold and it can no longer be bought by anyone else. The buyer can download the files for 180 days.',
          'Your earnings from the sale are added to your balance in the dashboard, where every sale is listed with its date, price and any coupon used.',
        ],
      },
      {
        heading: 'Coupons and sales',
        blocks: [
          'You can create discount coupons for your own beats, up to 30% of your price. Every December Beatcrate runs a sitewide 30% sale, announced in the bar at the top of the storefront with a coupon code valid from 1 to 31 December.',
        ],
      },
      {
        heading: 'Refunds',
        blocks: [
          'Digital sales are generally final. When we do refund a buyer, for example because a file was faulty or the beat broke the Submission Rules, you repay the earnings from that sale within 7 days of our notice, or we deduct them from your balance.',
        ],
      },
      {
        heading: 'Payouts',
        blocks: [
          { text: 'Request a payout from your dashboard once your balance is available. You can be paid by bank transfer or, if you prefer,', link: { href: '/crypto-payouts', label: 'in stablecoins' }, after: '.' },
          'Taxes on your earnings are yours to declare and pay in your country.',
        ],
      },
    ],
  },
  ru: {
    title: 'Продажи',
    lead: 'На Beatcrate бит продаётся один раз. Вот что происходит с момента оплаты покупателем до момента, когда деньги поступают вам.',
    sections: [
      {
        heading: 'Когда бит продан',
        blocks: [
          'Покупатель оплачивает полную цену и сервисный сбор при оформлении заказа. Как только оплата завершена, покупателю принадлежат все авторские права на бит, бит помечается как проданный и больше никто не может его купить. Покупатель может скачивать файлы в течение 180 дней.',
          'Выручка от продажи зачисляется на ваш баланс в личном кабинете, где каждая продажа указана с датой, ценой и использованным купоном.',
        ],
      },
      {
        heading: 'Купоны и распродажи',
        blocks: [
          'Вы можете создавать купоны на скидку для своих битов — до 30% от вашей цены. Каждый декабрь Beatcrate проводит распродажу со скидкой 30% на весь магазин; о ней сообщает полоса в верхней части сайта с кодом купона, который действует с 1 по 31 декабря.',
        ],
      },
      {
        heading: 'Возвраты',
        blocks: [
          'Цифровые покупки, как правило, окончательны. Если мы всё же возвращаем деньги покупателю — например, потому что файл был повреждён или бит нарушал Правила публикации, — вы возвращаете выручку от этой продажи в течение 7 дней после нашего уведомления, либо мы списываем её с вашего баланса.',
        ],
      },
      {
        heading: 'Выплаты',
        blocks: [
          { text: 'Запросите выплату в личном кабинете, когда баланс станет доступен. Деньги можно получить банковским переводом или, если вам так удобнее,', link: { href: '/crypto-payouts', label: 'в стейблкоинах' }, after: '.' },
          'Налоги с вашего дохода вы декларируете и уплачиваете самостоятельно в своей стране.',
        ],
      },
    ],
  },
};
