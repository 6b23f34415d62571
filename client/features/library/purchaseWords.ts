import { DOWNLOAD_DAYS } from '../../../shared/domain/constants';
import type { Purchase, PurchasedFile } from '../../../shared/schemas/library';
import { formatDate } from '../sites/formatting';

const KIND_WORDS: Record<PurchasedFile['kind'], string> = { beat: 'Beat', projectFile: 'Project file', samplePack: 'Sample pack', contacts: 'Contacts list' };
export const kindWords = (kind: PurchasedFile['kind']) => KIND_WORDS[kind];

const WALLETS: Record<string, string> = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', link: 'Link' };

export function paymentWords(order: Pick<Purchase, 'paymentMethod' | 'walletType'>): string {
  switch (order.paymentMethod) {
    case 'card':
      return 'Card';
    case 'paypal':
      return 'PayPal';
    case 'wallet':
      return order.walletType ? (WALLETS[order.walletType] ?? 'Wallet') : 'Wallet';
    default: {
      const unknownMethod: never = order.paymentMethod;
      return unknownMethod;
    }
  }
}

export const daysLeftWords = (days: number) => (days === 1 ? 'Last day to download' : `${days} days left`);

/** The terms' section 12, in the words of the Terms: why a file can no longer be downloaded. */
export const expiryReason = (expiresAt: string) =>
  `The download period ended on ${formatDate(expiresAt)}. Purchased files can be downloaded for ${DOWNLOAD_DAYS} days from the date of purchase; download links expire on day ${DOWNLOAD_DAYS + 1}, and after that the files are not re-sent.`;

export const REFUNDED_FILES = 'This order was refunded, so its files can no longer be downloaded.';
export const CONTRACT_PREPARING = 'Contract being prepared…';
export const FILE_PREPARING = 'Being prepared…';
