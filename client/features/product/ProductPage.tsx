import { MOODS } from '../../../shared/domain/catalogue/filterOptions';
import { formatUsd } from '../../../shared/domain/money';
import { selectProduct } from '../../../shared/features/product/productSlice';
import type { Product } from '../../../shared/schemas/track';
import { useAppSelector } from '../../store/hooks';
import { CoverImage } from '../artwork/CoverImage';
import { AddToCartButton } from '../cart/AddToCartButton';
import { MoodLabel } from '../moods/MoodIcon';
import { Link } from '../navigation/Link';
import { ReportViolation } from '../pages/ReportViolation';
import { PlayButton } from '../player/PlayButton';
import { WishlistButton } from '../wishlist/WishlistButton';

function genreText(product: Product): string {
  if (product.samplePack || product.productType === 'samplepack') return 'Sample Pack';
  if (product.genres.length > 0) return product.genres.map((genre) => genre.name).join(' / ');
  return product.genre;
}

function Detail({ term, value }: { term: string; value: string | null }) {
  if (value === null || value === '') return null;
  return (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
}

/** /product/{id}: the product's name, producer, genre, BPM and key, duration, price, tags and moods. */
export function ProductPage() {
  const product = useAppSelector(selectProduct);
  if (!product) return null;
  const key = product.key === null ? null : `${product.key}${product.scale === 'minor' ? 'm' : ''}`;
  const moods = product.moods.flatMap((id) => MOODS.filter((mood) => mood.id === id));
  return (
    <main className="product-page">
      {product.coverImageSrc ? (
        <CoverImage className="product-page__cover" src={product.coverImageSrc} alt={`Cover of ${product.name}`} size={280} priority />
      ) : (
        <span className="product-page__cover product-page__cover--empty" aria-hidden="true" />
      )}
      <div className="product-page__body">
        <div className="product-page__title">
          <PlayButton track={product} queue={[product]} className="product-page__play" />
          <h1>{product.name}</h1>
        </div>
        <p className="product-page__producer">
          by <Link href={`/${product.producer.producerUrl}`}>{product.producer.artistName}</Link>
        </p>
        <dl className="product-page__details">
          <Detail term="Genre" value={genreText(product)} />
          <Detail term="BPM" value={product.bpm === null ? null : String(product.bpm)} />
          <Detail term="Key" value={key} />
          <Detail term="Duration" value={product.previewTrackDurationFormatted} />
          <Detail term="Price" value={product.isSold ? 'Sold' : formatUsd(product.finalPrice)} />
        </dl>
        {!product.isSold && (
          <div className="product-page__actions">
            <WishlistButton productId={product.id} productName={product.name} />
            <AddToCartButton product={product} />
          </div>
        )}
        {product.tags.length > 0 && (
          <ul className="product-page__tags" aria-label="Tags">
            {product.tags.map((tag) => (
              <li key={tag}>{`#${tag}`}</li>
            ))}
          </ul>
        )}
        {moods.length > 0 && (
          <ul className="product-page__moods" aria-label="Moods">
            {moods.map((mood) => (
              <li key={mood.id}>
                <MoodLabel name={mood.name} />
              </li>
            ))}
          </ul>
        )}
        <ReportViolation productId={product.id} productName={product.name} />
      </div>
    </main>
  );
}
