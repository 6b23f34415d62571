import { selectHomeTracks } from '../../../shared/features/catalogue/catalogueSlice';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';

const formatPrice = (usd: number) => `$${usd.toFixed(2)}`;

export function HomePage() {
  const tracks = useAppSelector(selectHomeTracks);
  return (
    <main className="home-page">
      <h1>Beats from independent producers</h1>
      <section aria-labelledby="new-beats">
        <h2 id="new-beats">New beats</h2>
        {tracks.length === 0 ? (
          <p>No beats are listed yet.</p>
        ) : (
          <ul className="track-list">
            {tracks.map((track) => (
              <li key={track.id} className="track-card">
                <span className="track-card__name">{track.name}</span>
                <span className="track-card__producer">
                  by <Link href={`/${track.producer.producerUrl}`}>{track.producer.artistName}</Link>
                </span>
                <span className="track-card__genre">{track.genre}</span>
                <span className="track-card__meta">
                  {track.bpm !== null && `${track.bpm} BPM`}
                  {track.key !== null && ` · ${track.key}${track.scale === 'minor' ? 'm' : ''}`}
                </span>
                <span className="track-card__price">{track.isSold ? 'Sold' : formatPrice(track.finalPrice)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
