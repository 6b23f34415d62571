import { SERVICES_PATH } from '../../../shared/domain/auth/userMenus';
import { formatUsd } from '../../../shared/domain/money';
import type { ProducerOffer } from '../../../shared/schemas/producerOffers';
import { Link } from '../navigation/Link';
import { useSiteHref } from '../sites/useSiteHref';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/**
 * The producer's own custom services on their page. Each is ordered on the dashboard's `Services`
 * with the offer chosen; a guest is asked to log in on the way there, as for Custom order.
 */
export function ProducerOfferList({ offers }: { offers: readonly ProducerOffer[] }) {
  const href = useSiteHref();
  return (
    <section className="producer-page__offers" aria-labelledby="producer-offers">
      <h2 id="producer-offers">Custom services</h2>
      <ul className="services-list">
        {offers.map((offer) => (
          <li key={offer.id} className="services-list__item">
            <h3>{offer.name}</h3>
            <p>{offer.description}</p>
            <p className="services-list__terms">
              <span className="services-list__price">{formatUsd(offer.price)}</span>
              <span>{` · delivery in ${days(offer.deliveryDays)}`}</span>
            </p>
            <Link className="studio-button producer-page__order" href={href({ site: 'dashboard', path: `${SERVICES_PATH}?offer=${offer.id}` })}>
              Order this service
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
