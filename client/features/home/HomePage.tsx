import { HOME_CATEGORIES, type HomeCategory, selectHomeSection } from '../../../shared/features/catalogue/catalogueSlice';
import { useAppSelector } from '../../store/hooks';
import { TrackList } from '../catalogue/TrackCard';
import { Link } from '../navigation/Link';

function HomeSection({ category, title }: { category: HomeCategory; title: string }) {
  const tracks = useAppSelector((state) => selectHomeSection(state, category));
  if (tracks.length === 0) return null;
  const id = `home-${category}`;
  return (
    <section aria-labelledby={id} className="home-section">
      <div className="home-section__head">
        <h2 id={id}>{title}</h2>
        <Link href={category === 'all' ? '/beats' : `/beats?category=${category}`}>See all</Link>
      </div>
      <TrackList tracks={tracks} label={title} />
    </section>
  );
}

export function HomePage() {
  return (
    <main className="home-page">
      <h1>Beats from independent producers</h1>
      {HOME_CATEGORIES.map(({ category, title }) => (
        <HomeSection key={category} category={category} title={title} />
      ))}
    </main>
  );
}
