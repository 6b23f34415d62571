import { orderPaidMail } from './orderMails';

describe('the order mail', () => {
  test('states the total as every page does, with a thousands separator', () => {
    const mail = orderPaidMail('ada@example.com', 'Ada', { id: 'ord_9', total: 1942 }, []);
    expect(mail.text).toContain('Thank you for your order ord_9 of $1,942.00.');
    expect(mail.html).toContain('of $1,942.00.');
  });
});
