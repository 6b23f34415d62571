import type { NewEvent } from '../../eventStore/eventStore';

/**
 * A licence contract issued for one sold beat. Of the buyer it holds the id only: the name printed
 * in the PDF (as registered) lives in the account records, so an erased account leaves no name in
 * the event store. The beat's and the producer's public names are the shop's.
 */
export interface ContractIssue {
  contractId: string;
  orderId: string;
  productId: number;
  beatName: string;
  producerId: number;
  /** The producer's public artist name, as the shop shows it. */
  producerName: string;
  buyerUserId: number;
  priceCents: number;
  /** When the order was paid: the date of the sale the contract records. */
  soldAt: string;
  issuedAt: string;
  /** SHA-256 (hex) of the contract's canonical content (server/contracts/contractContent.ts). */
  contentHash: string;
  /** The PDF in private media storage. */
  fileKey: string;
}

export type LicenceContractIssued = NewEvent<'LicenceContractIssued', ContractIssue>;
/**
 * The contract's PDF was made again because an account it names was erased: the buyer's name (or
 * the producer's public name) now reads as erased, so the content, its hash and the printed names
 * change; the sale, the price and the rights do not.
 */
export type LicenceContractReissued = NewEvent<'LicenceContractReissued', { producerName: string; contentHash: string; reissuedAt: string }>;
export type ContractEvent = LicenceContractIssued | LicenceContractReissued;

export const contractStreamId = (contractId: string) => `licence-contract-${contractId}`;
export const contractIdOfStream = (streamId: string) => streamId.replace(/^licence-contract-/, '');
