import { type Decider, DomainError } from '../decider';
import type { BeatDetails } from '../../../shared/schemas/studio';
import { type BeatSubmission, type ProcessedBeat, type ProductEvent, type ProductListing, type ProductPreview, sellsOnce } from './productEvents';
import { productEventCodec } from './productEventCodec';

/**
 * A product is listed by the demo seed at once, or goes through the studio: submitted (its upload
 * being processed), failed or pending (processed, waiting for a moderator), rejected or listed.
 * `submission` stays with an uploaded product so an edit knows what the producer stated, and
 * `processed` with it so a sale delivers the master in the format processing read; a delisted
 * beat keeps both, since its buyer still downloads it.
 */
export type ProductState =
  | { status: 'unlisted' }
  | { status: 'submitted'; submission: BeatSubmission }
  | { status: 'failed'; submission: BeatSubmission; message: string }
  | { status: 'pending'; submission: BeatSubmission; processed: ProcessedBeat }
  | { status: 'rejected'; submission: BeatSubmission; processed: ProcessedBeat; reason: string }
  | {
      status: 'listed';
      listing: ProductListing;
      soldTo: string | null;
      reservation: { orderId: string; until: string } | null;
      submission?: BeatSubmission;
      processed?: ProcessedBeat;
    }
  | { status: 'delisted'; listing: ProductListing; submission?: BeatSubmission; processed?: ProcessedBeat }
  /** Held back while its producer is blocked: not for sale, and listed again as it was on unblock. */
  | { status: 'withheld'; listing: ProductListing; submission?: BeatSubmission; processed?: ProcessedBeat };

export const REJECTION_REASON_LIMIT = 500;

export type ProductCommand =
  | { type: 'ListProduct'; listing: ProductListing }
  | { type: 'SubmitProduct'; submission: BeatSubmission }
  | { type: 'RecordProcessing'; processed: ProcessedBeat }
  | { type: 'RecordProcessingFailure'; productId: number; message: string }
  | { type: 'ApproveProduct'; productId: number; by: number }
  | { type: 'RejectProduct'; productId: number; by: number; reason: string }
  /** The producer's edit; `producerId` is who asks, refused unless the beat is theirs. */
  | { type: 'ChangeDetails'; productId: number; producerId: number; details: BeatDetails; coverImageSrc?: string | null }
  /** The producer takes their beat out of the shop (or out of the queue); a sold beat stays. */
  | { type: 'WithdrawProduct'; productId: number; producerId: number }
  | { type: 'ChangePrice'; productId: number; priceCents: number }
  /** `at` (ISO time) lets a sale go past another order's reservation once that has run out. */
  | { type: 'SellProduct'; productId: number; orderId: string; at?: string }
  | { type: 'ReserveProduct'; productId: number; orderId: string; at: string; until: string }
  | { type: 'ReleaseReservation'; productId: number; orderId: string }
  /** The order that bought the beat is refunded before delivery: the beat is for sale again. */
  | { type: 'RevertSale'; productId: number; orderId: string }
  | { type: 'DelistProduct'; productId: number }
  /** Its producer was blocked: a listed product that has not sold leaves the shop. */
  | { type: 'WithholdProduct'; productId: number }
  /** Its producer was unblocked: a withheld product is listed again. */
  | { type: 'RestoreProduct'; productId: number };

function listedOrRefuse(state: ProductState, productId: number): Extract<ProductState, { status: 'listed' }> {
  if (state.status !== 'listed') throw new DomainError(`Product ${productId} is not for sale`, 404);
  return state;
}

/** Another order holds the product; without a time to compare, a reservation always holds. */
function heldForAnother(listed: Extract<ProductState, { status: 'listed' }>, orderId: string, at: string | undefined): boolean {
  const reservation = listed.reservation;
  if (reservation === null || reservation.orderId === orderId) return false;
  return at === undefined || Date.parse(at) < Date.parse(reservation.until);
}

/** The listing an approved upload becomes: new in the shop, its preview and cover from processing. */
export function listingOf(submission: BeatSubmission, preview: ProductPreview, coverImageSrc: string | null): ProductListing {
  const { details } = submission;
  return {
    productId: submission.productId,
    producerId: submission.producerId,
    name: details.name.trim(),
    productType: 'track',
    genreIds: details.genreIds,
    moodIds: details.moodIds,
    tags: details.tags.map((tag) => tag.trim().toLowerCase()),
    bpm: details.bpm,
    key: details.key,
    scale: details.scale,
    vocalType: details.vocalType,
    samplesType: details.samplesType,
    vocalGender: null,
    categories: { isNew: true, isSuperSale: false, isPremium: false },
    priceCents: details.priceCents,
    projectFilePriceCents: submission.files.stems === null ? null : details.stemsPriceCents,
    coverImageSrc,
    preview,
  };
}

/** An uploaded product, in any state, and only its own producer's. */
function ownSubmission(state: ProductState, productId: number, producerId: number): BeatSubmission {
  const submission = state.status === 'unlisted' || state.status === 'delisted' || state.status === 'withheld' ? undefined : state.submission;
  if (!submission || submission.producerId !== producerId) throw new DomainError(`Beat ${productId} not found`, 404);
  return submission;
}

function decideEdit(state: ProductState, command: Extract<ProductCommand, { type: 'ChangeDetails' }>): ProductEvent[] {
  const submission = ownSubmission(state, command.productId, command.producerId);
  if (state.status === 'listed') {
    if (state.soldTo !== null) throw new DomainError('A sold beat cannot be changed');
    const listing = listingOf({ ...submission, details: command.details }, state.listing.preview!, command.coverImageSrc ?? state.listing.coverImageSrc);
    return [{ type: 'ProductListingChanged', data: { ...listing, categories: state.listing.categories } }];
  }
  if (state.status === 'submitted' || state.status === 'failed') throw new DomainError('The beat can be changed once its upload is processed');
  return [{ type: 'ProductDetailsChanged', data: { productId: command.productId, details: command.details } }];
}

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: () => ({ status: 'unlisted' }),
  codec: productEventCodec,
  decide(command, state) {
    switch (command.type) {
      case 'SubmitProduct':
        if (state.status !== 'unlisted') throw new DomainError(`Product ${command.submission.productId} exists already`);
        return [{ type: 'ProductSubmitted', data: command.submission }];
      case 'RecordProcessing':
        // Processing may run again after a crash: only the first result counts.
        if (state.status !== 'submitted') return [];
        return [{ type: 'ProductProcessed', data: command.processed }];
      case 'RecordProcessingFailure':
        if (state.status !== 'submitted') return [];
        return [{ type: 'ProductProcessingFailed', data: { productId: command.productId, message: command.message } }];
      case 'ApproveProduct':
        if (state.status !== 'pending') throw new DomainError('Only a processed beat waiting for a moderator can be approved', state.status === 'unlisted' ? 404 : 409);
        return [
          { type: 'ProductApproved', data: { productId: command.productId, by: command.by } },
          { type: 'ProductListed', data: listingOf(state.submission, state.processed.preview, state.processed.coverImageSrc) },
        ];
      case 'RejectProduct': {
        if (state.status !== 'pending') throw new DomainError('Only a processed beat waiting for a moderator can be rejected', state.status === 'unlisted' ? 404 : 409);
        const reason = command.reason.trim();
        if (reason === '') throw new DomainError('Give the producer a reason', 400);
        if (reason.length > REJECTION_REASON_LIMIT) throw new DomainError(`The reason is limited to ${REJECTION_REASON_LIMIT} characters`, 400);
        return [{ type: 'ProductRejected', data: { productId: command.productId, by: command.by, reason } }];
      }
      case 'ChangeDetails':
        return decideEdit(state, command);
      case 'WithdrawProduct': {
        ownSubmission(state, command.productId, command.producerId);
        if (state.status === 'listed' && state.soldTo !== null) throw new DomainError('A sold beat cannot be deleted');
        if (state.status === 'submitted') throw new DomainError('The beat can be deleted once its upload is processed');
        return [{ type: 'ProductDelisted', data: { productId: command.productId } }];
      }
      case 'ListProduct':
        if (state.status !== 'unlisted') throw new DomainError(`Product ${command.listing.productId} is already listed`);
        if (command.listing.priceCents < 0) throw new DomainError('A price cannot be negative', 400);
        return [{ type: 'ProductListed', data: command.listing }];
      case 'ChangePrice': {
        const listed = listedOrRefuse(state, command.productId);
        if (command.priceCents < 0) throw new DomainError('A price cannot be negative', 400);
        if (listed.listing.priceCents === command.priceCents) return [];
        return [{ type: 'ProductPriceChanged', data: { productId: command.productId, priceCents: command.priceCents } }];
      }
      case 'SellProduct': {
        const listed = listedOrRefuse(state, command.productId);
        if (!sellsOnce(listed.listing.productType)) return [];
        // A beat is sold once; a repeated sale for the same order changes nothing.
        if (listed.soldTo === command.orderId) return [];
        if (listed.soldTo !== null) throw new DomainError(`${listed.listing.name} has already been sold`);
        if (heldForAnother(listed, command.orderId, command.at)) throw new DomainError(`${listed.listing.name} is being bought by another buyer`);
        return [{ type: 'ProductSold', data: { productId: command.productId, orderId: command.orderId } }];
      }
      case 'ReserveProduct': {
        const listed = listedOrRefuse(state, command.productId);
        if (!sellsOnce(listed.listing.productType)) return [];
        if (listed.soldTo === command.orderId) return [];
        if (listed.soldTo !== null) throw new DomainError(`${listed.listing.name} has already been sold`);
        if (heldForAnother(listed, command.orderId, command.at)) throw new DomainError(`${listed.listing.name} is being bought by another buyer`);
        if (listed.reservation?.orderId === command.orderId && listed.reservation.until === command.until) return [];
        return [{ type: 'ProductReserved', data: { productId: command.productId, orderId: command.orderId, until: command.until } }];
      }
      case 'ReleaseReservation':
        if (state.status !== 'listed' || state.reservation?.orderId !== command.orderId || state.soldTo !== null) return [];
        return [{ type: 'ProductReservationReleased', data: { productId: command.productId, orderId: command.orderId } }];
      case 'RevertSale':
        if (state.status !== 'listed' || state.soldTo !== command.orderId) return [];
        return [{ type: 'ProductSaleReverted', data: { productId: command.productId, orderId: command.orderId } }];
      case 'DelistProduct':
        if (state.status === 'delisted') return [];
        listedOrRefuse(state, command.productId);
        return [{ type: 'ProductDelisted', data: { productId: command.productId } }];
      // Both repeat harmlessly, so blocking or unblocking again finishes what a crash left half done.
      case 'WithholdProduct':
        if (state.status !== 'listed' || state.soldTo !== null) return [];
        return [{ type: 'ProductWithheld', data: { productId: command.productId } }];
      case 'RestoreProduct':
        return state.status === 'withheld' ? [{ type: 'ProductRestored', data: state.listing }] : [];
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ProductSubmitted':
        return { status: 'submitted', submission: event.data };
      case 'ProductProcessed':
        return state.status === 'submitted' ? { status: 'pending', submission: state.submission, processed: event.data } : state;
      case 'ProductProcessingFailed':
        return state.status === 'submitted' ? { status: 'failed', submission: state.submission, message: event.data.message } : state;
      case 'ProductApproved':
        return state;
      case 'ProductRejected':
        return state.status === 'pending' ? { status: 'rejected', submission: state.submission, processed: state.processed, reason: event.data.reason } : state;
      case 'ProductDetailsChanged':
        return state.status === 'pending' || state.status === 'rejected' ? { ...state, submission: { ...state.submission, details: event.data.details } } : state;
      case 'ProductListingChanged':
        return state.status === 'listed' ? { ...state, listing: event.data } : state;
      case 'ProductListed':
        return {
          status: 'listed',
          listing: event.data,
          soldTo: null,
          reservation: null,
          ...(state.status === 'pending' ? { submission: state.submission, processed: state.processed } : {}),
        };
      case 'ProductPriceChanged':
        return state.status === 'listed' ? { ...state, listing: { ...state.listing, priceCents: event.data.priceCents } } : state;
      case 'ProductSold':
        return state.status === 'listed' ? { ...state, soldTo: event.data.orderId } : state;
      case 'ProductSaleReverted':
        return state.status === 'listed' && state.soldTo === event.data.orderId ? { ...state, soldTo: null, reservation: null } : state;
      case 'ProductDelisted':
        if (state.status === 'listed') return { status: 'delisted', listing: state.listing, submission: state.submission, processed: state.processed };
        if (state.status === 'pending' || state.status === 'rejected') {
          return { status: 'delisted', listing: listingOf(state.submission, state.processed.preview, state.processed.coverImageSrc) };
        }
        if (state.status === 'failed') return { status: 'unlisted' };
        return state;
      case 'ProductReserved':
        return state.status === 'listed' ? { ...state, reservation: { orderId: event.data.orderId, until: event.data.until } } : state;
      case 'ProductReservationReleased':
        return state.status === 'listed' && state.reservation?.orderId === event.data.orderId ? { ...state, reservation: null } : state;
      case 'ProductWithheld':
        return state.status === 'listed' ? { status: 'withheld', listing: state.listing, submission: state.submission, processed: state.processed } : state;
      case 'ProductRestored':
        return state.status === 'withheld'
          ? { status: 'listed', listing: event.data, soldTo: null, reservation: null, submission: state.submission, processed: state.processed }
          : state;
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
