import { HOME_CATEGORIES, type HomeCategory, selectHomeSection } from '../../../shared/features/catalogue/catalogueSlice';
import { useAppSelector } from '../../store/hooks';
import { TrackList } from '../catalogue/TrackCard';
import { Link } from '../navigation/Link';

/** The first section's first row is what a visitor sees first: its covers load before the rest. */
const FIRST_ROW = 5;

function HomeSection({ category, title, first }: { category: HomeCategory; title: string; first: boolean }) {
  const tracks = useAppSelector((state) => selectHomeSection(state, category));
  if (tracks.length === 0) return null;
  const id = `home-${category}`;
  return (
    <section aria-labelledby={id} className="home-section">
      <div className="home-section__head">
        <h2 id={id}>{title}</h2>
        <Link href={category === 'all' ? '/beats' : `/beats?category=${category}`}>See all</Link>
      </div>
      <TrackList tracks={tracks} label={title} priorityCount={first ? FIRST_ROW : 0} />
    </section>
  );
}

export function HomePage() {
  return (
    <main className="home-page">
      <h1>Beats from independent producers</h1>
      {HOME_CATEGORIES.map(({ category, title }, index) => (
        <HomeSection key={category} category={category} title={title} first={index === 0} />
      ))}
    </main>
  );
}
