import { formatDuration } from '../../../shared/domain/duration';
import { formatCents } from '../../../shared/domain/money';
import { selectModerationStatus, selectPendingTracks } from '../../../shared/features/moderation/moderationSlice';
import type { PlayerTrack } from '../../../shared/features/player/playerSlice';
import { type PendingTrack, TrackRejectionSchema } from '../../../shared/schemas/moderation';
import { formErrors } from '../../../shared/schemas/pages';
import { useAppSelector } from '../../store/hooks';
import { CoverImage } from '../artwork/CoverImage';
import { Link } from '../navigation/Link';
import { PlayToggle } from '../player/PlayButton';
import { formatDateTime } from '../sites/formatting';
import { Decisions, ModerationStatus } from './Decisions';

/**
 * A waiting beat as the storefront's player holds a track. No `genres` objects: the player bar
 * links the title of a track with genres to its product page, which a beat not yet listed lacks.
 */
function pendingPlayerTrack(track: PendingTrack): PlayerTrack {
  return {
    id: track.productId,
    name: track.name,
    productType: 'track',
    genre: track.genres.join(' / '),
    bpm: track.bpm,
    key: track.key,
    scale: track.scale,
    finalPrice: track.priceCents / 100,
    isSold: false,
    coverImageSrc: track.coverImageSrc,
    previewTrackSrc: track.previewSrc,
    producer: { id: track.producerId, artistName: track.producerName, producerUrl: track.producerShortName, avatarSrc: null },
    genres: [],
    samplePack: false,
    previewTrackDuration: track.previewDurationSeconds,
    peaks: track.previewPeaks.length > 0 ? track.previewPeaks : null,
    awaitingModeration: true,
  };
}

const keyText = (track: PendingTrack) => (track.key === null ? null : `${track.key}${track.scale === 'minor' ? 'm' : ''}`);

function PendingTrackCard({ track, queue }: { track: PendingTrack; queue: readonly PendingTrack[] }) {
  const headingId = `pending-track-${track.productId}`;
  const key = keyText(track);
  return (
    <article className="site-card moderation-card moderation-card--track" aria-labelledby={headingId}>
      <div className="moderation-card__art">
        {track.coverImageSrc ? (
          <CoverImage className="moderation-card__cover" src={track.coverImageSrc} alt={`Cover of ${track.name}`} size={120} sizes="(max-width: 767px) 80px, 120px" />
        ) : (
          <span className="moderation-card__cover" aria-hidden="true" />
        )}
        <PlayToggle
          className="moderation-card__play"
          track={{ id: track.productId, name: track.name, previewTrackSrc: track.previewSrc }}
          toPlay={() => ({ track: pendingPlayerTrack(track), queue: queue.map(pendingPlayerTrack) })}
        />
      </div>
      <div className="moderation-card__body">
        <h2 id={headingId} className="moderation-card__title">
          {track.name}
        </h2>
        <p className="moderation-card__by">
          by <Link href={`/${track.producerShortName}`}>{track.producerName}</Link>
        </p>
        <dl className="moderation-facts">
          <div>
            <dt>Genres</dt>
            <dd>{track.genres.join(', ')}</dd>
          </div>
          <div>
            <dt>Moods</dt>
            <dd>{track.moods.length > 0 ? track.moods.join(', ') : 'None given'}</dd>
          </div>
          <div>
            <dt>BPM and key</dt>
            <dd>{key ? `${track.bpm} BPM · ${key}` : `${track.bpm} BPM`}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{formatCents(track.priceCents)}</dd>
          </div>
          <div>
            <dt>Duration</dt>
            <dd>{track.durationSeconds === null ? 'Unknown' : formatDuration(track.durationSeconds)}</dd>
          </div>
          <div>
            <dt>Submitted</dt>
            <dd>{formatDateTime(track.submittedAt)}</dd>
          </div>
        </dl>
        <Decisions
          subject={track.name}
          direct={{ label: 'Approve', decision: { queue: 'tracks', id: track.productId, verdict: 'approve' } }}
          noted={{
            label: 'Reject',
            decision: { queue: 'tracks', id: track.productId, verdict: 'reject' },
            field: 'reason',
            fieldLabel: 'Reason',
            hint: 'The producer reads this reason in My beats.',
            confirmLabel: 'Reject beat',
            validate: (values) => formErrors(values, TrackRejectionSchema),
          }}
        />
      </div>
    </article>
  );
}

/** `Pending tracks`: processed uploads waiting for a moderator, each playable in the storefront's player. */
export function PendingTracksPage() {
  const tracks = useAppSelector(selectPendingTracks);
  const status = useAppSelector(selectModerationStatus);
  if (!tracks) return null;
  return (
    <>
      <ModerationStatus message={status} />
      {tracks.length === 0 ? (
        <p className="site-empty">No tracks are waiting for approval.</p>
      ) : (
        <ul className="site-list">
          {tracks.map((track) => (
            <li key={track.productId}>
              <PendingTrackCard track={track} queue={tracks} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
