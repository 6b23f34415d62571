import {
  followClicked,
  selectFollowPending,
  selectProducer,
  selectProducerOffers,
  selectProducerTracks,
} from '../../../shared/features/producer/producerSlice';
import { selectOwnProducerId } from '../../../shared/features/auth/authSlice';
import { selectFeatures } from '../../../shared/features/config/configSlice';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CoverImage, ProducerBanner } from '../artwork/CoverImage';
import { TrackList } from '../catalogue/TrackCard';
import { ProducerOfferList } from './ProducerOfferList';

/** /{id} and /beatmaker/{id}: banner, avatar, name, followers, Follow / Following, the producer's tracks and custom services. */
export function ProducerPage() {
  const producer = useAppSelector(selectProducer);
  const tracks = useAppSelector(selectProducerTracks);
  const offers = useAppSelector(selectProducerOffers);
  const pending = useAppSelector(selectFollowPending);
  const ownPage = useAppSelector(selectOwnProducerId) === producer?.id;
  // Without the full producer page feature, the page is the producer's card alone.
  const full = useAppSelector(selectFeatures).fullProducerPage;
  const dispatch = useAppDispatch();
  if (!producer) return null;
  const followers = producer.counters.numberoffollowers.sum;
  return (
    <main className="producer-page">
      {producer.avatarSrc && <ProducerBanner avatarSrc={producer.avatarSrc} />}
      <section className="producer-page__head" aria-labelledby="producer-name">
        {producer.avatarSrc ? (
          <CoverImage className="producer-page__avatar" src={producer.avatarSrc} alt={`${producer.artistName} avatar`} size={96} priority />
        ) : (
          <div className="producer-page__avatar producer-page__avatar--placeholder" role="img" aria-label={`${producer.artistName} avatar`}>
            {producer.artistName.charAt(0).toUpperCase()}
          </div>
        )}
        <div className="producer-page__info">
          <h1 id="producer-name">{producer.artistName}</h1>
          <p className="producer-page__followers">{`${followers} ${followers === 1 ? 'follower' : 'followers'}`}</p>
        </div>
        {/* A producer does not follow themselves (the server refuses it). */}
        {!ownPage && (
          <button
            type="button"
            className="producer-page__follow"
            aria-pressed={producer.alreadyFollowed}
            aria-busy={pending}
            onClick={() => dispatch(followClicked())}
          >
            {producer.alreadyFollowed ? 'Following' : 'Follow'}
          </button>
        )}
      </section>
      {full && (
        <section className="producer-page__tracks" aria-labelledby="producer-tracks">
          <h2 id="producer-tracks">Tracks</h2>
          {tracks.length === 0 ? <p>No tracks yet</p> : <TrackList tracks={tracks} label={`Tracks by ${producer.artistName}`} priorityCount={4} />}
        </section>
      )}
      {full && offers.length > 0 && <ProducerOfferList offers={offers} />}
    </main>
  );
}
