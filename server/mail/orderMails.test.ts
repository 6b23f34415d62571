import { orderPaidMail } from './orderMails';

describe('the order mail', () => {
  test('states the total as every page does, with a thousands separator', () => {
    const mail = orderPaidMail('ada@example.com', { id: 'ord_9', total: 1942 }, []);
    expect(mail.text).toContain('Thank you for your order ord_9 of $1,942.00.');
    expect(mail.html).toContain('of $1,942.00.');
  });

  test('greets no one by name: the name is whatever the registrant typed', () => {
    const mail = orderPaidMail('ada@example.com', { id: 'ord_9', total: 5 }, [{ productId: 1, name: 'Night Drive (WAV)', kind: 'beat', url: 'https://beatcrate.example/d/1', expiresAt: '2027-05-23T10:00:00.000Z' }]);
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
    expect(mail.html.startsWith('<p>Hello,</p>')).toBe(true);
  });
});
