import { selectFollowing, selectIsUnfollowing, unfollowRequested } from '../../../shared/features/buyer/buyerSlice';
import type { FollowedProducer } from '../../../shared/schemas/buyerPages';
import type { RootState } from '../../../shared/store/rootReducer';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SITE_HOME_PATH } from '../../../shared/sites/siteLinks';
import { Link } from '../navigation/Link';
import { useSiteHref } from '../sites/useSiteHref';

const beatsLabel = (beats: number) => (beats === 1 ? '1 beat' : `${beats} beats`);

function ProducerRow({ producer }: { producer: FollowedProducer }) {
  const dispatch = useAppDispatch();
  const pending = useAppSelector((state: RootState) => selectIsUnfollowing(state, producer.id));
  return (
    <li className="site-card followed-producer" aria-label={producer.artistName}>
      {producer.avatarSrc ? (
        <img className="followed-producer__avatar" src={producer.avatarSrc} alt="" width={48} height={48} loading="lazy" />
      ) : (
        <span className="followed-producer__avatar followed-producer__avatar--empty" aria-hidden="true">
          {producer.artistName.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="followed-producer__text">
        <Link href={`/${producer.shortName}`} className="followed-producer__name">
          {producer.artistName}
        </Link>
        <span className="followed-producer__beats">{beatsLabel(producer.beats)}</span>
      </div>
      <button type="button" className="studio-button studio-button--quiet" disabled={pending} aria-label={`Unfollow ${producer.artistName}`} onClick={() => dispatch(unfollowRequested(producer.id))}>
        {pending ? 'Unfollowing…' : 'Unfollow'}
      </button>
    </li>
  );
}

/** `Following`: the producers the member follows, each with a link to their page and Unfollow. */
export function FollowingPage() {
  const producers = useAppSelector(selectFollowing);
  const href = useSiteHref();
  if (!producers) return null;
  if (producers.length === 0) {
    return (
      <p className="site-empty">
        You follow no producers yet. Open a producer’s page from a beat and press Follow to see their new beats on your <Link href={href({ site: 'dashboard', path: SITE_HOME_PATH })}>dashboard</Link>.
      </p>
    );
  }
  return (
    <ul className="site-list" aria-label="Producers you follow">
      {producers.map((producer) => (
        <ProducerRow key={producer.id} producer={producer} />
      ))}
    </ul>
  );
}
