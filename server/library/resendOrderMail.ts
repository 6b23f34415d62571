import { DOWNLOAD_DAYS } from '../../shared/domain/constants';
import type { AppDeps } from '../appDeps';
import { loadAccount } from '../auth/userRecords';
import { mailedDownloadPath, toDownload } from '../commerce/delivery';
import { orderAnswer, readOwnOrder } from '../commerce/orders';
import { HttpError } from '../http/endpoint';
import { DatabaseRateLimitStore } from '../http/rateLimitStore';
import { deliverMail } from '../mail/mailer';
import { orderPaidMail } from '../mail/orderMails';
import { daysLeft } from './purchases';

const HOUR_MS = 60 * 60_000;
/** Each press sends a mail: an account gets at most this many of them an hour, so a stuck button or a script cannot flood an inbox. */
export const ORDER_MAIL_RESENDS_PER_HOUR = 3;
/** The answer names no address: the page keeps it, and the action log would only redact it. */
export const ORDER_MAIL_SENT = 'The mail with your download links was sent to your email address';

/**
 * "Send the mail again": the very mail sent after paying (its download links), to the account's
 * address, through the outbox. Only for a paid order whose 180 days still run: after them the
 * terms say the files are not re-sent.
 */
export async function resendOrderMail(deps: AppDeps, userId: number, orderId: string): Promise<string> {
  const order = await readOwnOrder(deps, orderId, userId);
  if (order.status !== 'paid') throw new HttpError(409, `A ${order.status} order has no download mail`);
  const live = order.files.filter((file) => daysLeft(file.expiresAt, deps.clock.now()) > 0);
  if (order.files.length > 0 && live.length === 0) {
    throw new HttpError(
      409,
      `The download period of this order has ended: purchased files can be downloaded for ${DOWNLOAD_DAYS} days from the date of purchase, and after that they are not re-sent (Terms & Conditions, section 12)`,
    );
  }
  const account = await loadAccount(deps, userId);
  if (!account) throw new HttpError(404, `Order ${orderId} not found`);
  const limit = new DatabaseRateLimitStore(deps.database, deps.clock, 'order-mail-resend', HOUR_MS);
  const { totalHits } = await limit.increment(String(userId));
  if (totalHits > ORDER_MAIL_RESENDS_PER_HOUR) {
    throw new HttpError(429, `You asked for ${ORDER_MAIL_RESENDS_PER_HOUR} order mails within the hour; try again later`);
  }
  const downloads = live.map((file) => toDownload(file, `${deps.config.publicUrl}${mailedDownloadPath(file.token)}`));
  if (!(await deliverMail(deps, orderPaidMail(account.user.email, orderAnswer(order), downloads)))) {
    await limit.decrement(String(userId));
    throw new HttpError(503, 'The mail could not be sent just now; try again in a few minutes');
  }
  return ORDER_MAIL_SENT;
}
