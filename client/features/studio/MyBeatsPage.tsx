import { ACCOUNT_PROFILE_PATH } from '../../../shared/domain/auth/userMenus';
import { formatDuration } from '../../../shared/domain/duration';
import { formatUsd } from '../../../shared/domain/money';
import {
  beatEditOpened,
  beatRemovalAsked,
  beatRemovalConfirmed,
  beatRemovalDropped,
  selectBeatEditing,
  selectBeatRemoval,
  selectStudioBeats,
  selectUploadFormOpen,
  type StudioState,
  uploadFormOpened,
} from '../../../shared/features/studio/studioSlice';
import type { StudioBeat } from '../../../shared/schemas/studio';
import { CUSTOM_SERVICES_PATH } from '../../../shared/sites/siteRoutes';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CoverImage } from '../artwork/CoverImage';
import { Link } from '../navigation/Link';
import { useSiteHref } from '../sites/useSiteHref';
import { canEdit, canRemove, statusWords } from './beatForm';
import { EditBeatForm } from './EditBeatForm';
import { UploadBeatForm } from './UploadBeatForm';

export const VERIFICATION_NEEDED = 'Complete identity verification to start selling tracks';

/** Asks before a beat leaves the shop (Delist) or the studio (Delete): neither can be undone here. */
function RemovalConfirm({ beat, removal }: { beat: StudioBeat; removal: NonNullable<StudioState['removal']> }) {
  const dispatch = useAppDispatch();
  const verb = beat.status === 'listed' ? 'Delist' : 'Delete';
  return (
    <div className="studio-beat__confirm" role="alertdialog" aria-label={`${verb} ${beat.name}?`}>
      <p>
        {verb} {beat.name}? {beat.status === 'listed' ? 'It leaves the shop at once.' : 'It is removed from My beats.'}
      </p>
      {removal.status === 'failed' && <p className="field__error">{removal.message}</p>}
      <div className="studio-form__actions">
        <button type="button" className="studio-button studio-button--danger" disabled={removal.status === 'removing'} onClick={() => dispatch(beatRemovalConfirmed(beat.productId))}>
          {removal.status === 'removing' ? `${verb === 'Delist' ? 'Delisting' : 'Deleting'}…` : `Yes, ${verb.toLowerCase()}`}
        </button>
        <button type="button" className="studio-button studio-button--quiet" onClick={() => dispatch(beatRemovalDropped())}>
          Keep it
        </button>
      </div>
    </div>
  );
}

function BeatRow({ beat }: { beat: StudioBeat }) {
  const dispatch = useAppDispatch();
  const editing = useAppSelector(selectBeatEditing);
  const removal = useAppSelector(selectBeatRemoval);
  const isEditing = editing?.productId === beat.productId;
  const verb = beat.status === 'listed' ? 'Delist' : 'Delete';
  return (
    <li className="site-card studio-beat" aria-label={beat.name}>
      <div className="studio-beat__row">
        {beat.coverImageSrc ? (
          <CoverImage src={beat.coverImageSrc} alt="" className="product-row__cover" size={56} />
        ) : (
          <span className="product-row__cover" aria-hidden="true" />
        )}
        <div className="studio-beat__main">
          <span className="studio-beat__name">{beat.name}</span>
          <span className="studio-beat__meta">
            <span>{formatUsd(beat.priceCents / 100)}</span>
            <span>{beat.durationSeconds === null ? '–:––' : formatDuration(beat.durationSeconds)}</span>
          </span>
        </div>
        <span className="status-tag studio-beat__status" data-status={beat.status}>
          {statusWords(beat)}
        </span>
        <div className="studio-beat__actions">
          {canEdit(beat.status) && !isEditing && (
            <button type="button" className="studio-button" aria-label={`Edit ${beat.name}`} onClick={() => dispatch(beatEditOpened(beat.productId))}>
              Edit
            </button>
          )}
          {canRemove(beat.status) && (
            <button type="button" className="studio-button studio-button--quiet" aria-label={`${verb} ${beat.name}`} onClick={() => dispatch(beatRemovalAsked(beat.productId))}>
              {verb}
            </button>
          )}
        </div>
      </div>
      {removal?.productId === beat.productId && <RemovalConfirm beat={beat} removal={removal} />}
      {isEditing && <EditBeatForm beat={beat} form={editing} />}
    </li>
  );
}

/**
 * `My beats`: a verified producer's beats in every state, with upload, edit and delist; before
 * verification, SPEC §2's line and the way to Account.
 */
export function MyBeatsPage() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectStudioBeats);
  const uploadFormOpen = useAppSelector(selectUploadFormOpen);
  const href = useSiteHref();
  if (!list) return null;
  if (!list.verified) {
    return (
      <div className="site-card studio-notice">
        <p>{VERIFICATION_NEEDED}</p>
        {list.verification === 'pending' && <p>Your details are waiting for a moderator; you can upload as soon as they are verified.</p>}
        {list.verification === 'rejected' && <p>A moderator asked you to correct your details: their reason is on Account.</p>}
        <Link href={href({ site: 'dashboard', path: ACCOUNT_PROFILE_PATH })} className="studio-button">
          Go to Account
        </Link>
      </div>
    );
  }
  return (
    <>
      {uploadFormOpen ? (
        <UploadBeatForm />
      ) : (
        <button type="button" className="studio-button studio-button--primary" onClick={() => dispatch(uploadFormOpened())}>
          Upload a beat
        </button>
      )}
      <section aria-labelledby="studio-beats">
        <h2 id="studio-beats">Your beats</h2>
        <p>
          <Link href={href({ site: 'dashboard', path: '/sales' })}>Sales and licence contracts</Link>
        </p>
        <p>
          Offer custom services: <Link href={href({ site: 'dashboard', path: CUSTOM_SERVICES_PATH })}>Custom services</Link>
        </p>
        {list.beats.length === 0 ? (
          <p className="site-empty">No beats yet. Upload your first one.</p>
        ) : (
          <ul className="site-list">
            {list.beats.map((beat) => (
              <BeatRow key={beat.productId} beat={beat} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
