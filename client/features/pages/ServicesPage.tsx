import { formatUsd } from '../../../shared/domain/money';
import { selectUser } from '../../../shared/features/auth/authSlice';
import { selectSoundServices } from '../../../shared/features/pages/pagesSlice';
import { useAppSelector } from '../../store/hooks';
import { CustomOrderButton } from '../auth/AccountControls';
import { Link } from '../navigation/Link';

const days = (count: number) => `${count} working ${count === 1 ? 'day' : 'days'}`;

/** /services: the sound services from GET /pages/services/sound, with the header's Custom order action. */
export function ServicesPage() {
  const services = useAppSelector(selectSoundServices) ?? [];
  const loggedIn = useAppSelector(selectUser) !== null;
  return (
    <main className="content-page services-page">
      <h1>Sound services</h1>
      <p className="content-body__lead">
        Producers and engineers on Beatcrate make beats to order and get your songs ready for release. Pick a service, send your brief and your
        files, and receive the result with the revisions it includes.
      </p>
      <ul className="services-list" aria-label="Services">
        {services.map((service) => (
          <li key={service.id} className="services-list__item">
            <h2>{service.name}</h2>
            <p>{service.description}</p>
            <p className="services-list__terms">
              <span className="services-list__price">{`from ${formatUsd(service.priceUsd)}`}</span>
              <span>{` · delivery in about ${days(service.deliveryDays)}`}</span>
            </p>
          </li>
        ))}
      </ul>
      <section className="services-page__order">
        <h2>Order a service</h2>
        <p>
          {loggedIn ? 'Press Custom order to open the services area of your dashboard.' : 'Log in as a buyer to place an order; Custom order opens the login first.'}{' '}
          Read <Link href="/for-buyers/custom-made">how custom orders work</Link>.
        </p>
        <CustomOrderButton />
      </section>
    </main>
  );
}
