import { BLOG_ARTICLES, blogArticle } from '../../../shared/content/blogArticles';
import { ENGLISH_PAGES, SELLER_PAGES } from '../../../shared/content/contentPages';
import { privacyPolicy } from '../../../shared/content/privacyPolicy';
import { formatTermsDate } from '../../../shared/content/termsAndConditions';
import { selectLanguage } from '../../../shared/features/i18n/i18nSlice';
import { selectRouteName } from '../../../shared/features/navigation/navigationSlice';
import { ROUTES } from '../../../shared/routes/routeTable';
import { useAppSelector } from '../../store/hooks';
import { Link } from '../navigation/Link';
import { ContentBody } from './ContentBody';

/** /privacy-policy, with its effective date. */
export function PrivacyPolicyPage() {
  return (
    <main className="content-page">
      <h1>{privacyPolicy.title}</h1>
      <p className="content-page__meta">{`Effective ${formatTermsDate(privacyPolicy.effectiveDate)}`}</p>
      <ContentBody page={privacyPolicy} />
    </main>
  );
}

/** /for-buyers, /for-buyers/custom-made and /crypto-payouts. */
export function InfoPage() {
  const page = ENGLISH_PAGES[useAppSelector(selectRouteName) ?? ''];
  if (!page) return null;
  return (
    <main className="content-page">
      <h1>{page.title}</h1>
      <ContentBody page={page} />
    </main>
  );
}

const SELLER_TABS = {
  en: { label: 'For sellers', names: ['Overview', 'Seller package', 'Registration', 'Submission rules', 'Sales', 'Use of samples'] },
  ru: { label: 'Продавцам', names: ['Обзор', 'Пакет продавца', 'Регистрация', 'Правила публикации', 'Продажи', 'Использование сэмплов'] },
} as const;

/** /for-sellers and its five sub-pages, in English or, with ?language=ru, in Russian; the tabs keep the language. */
export function SellerPage() {
  const routeName = useAppSelector(selectRouteName) ?? '';
  const language = useAppSelector(selectLanguage);
  const page = SELLER_PAGES[routeName]?.[language];
  if (!page) return null;
  const tabs = SELLER_TABS[language];
  return (
    <main className="content-page content-page--sellers" lang={language}>
      <nav className="seller-tabs" aria-label={tabs.label}>
        {Object.keys(SELLER_PAGES).map((name, index) => {
          const path = ROUTES.find((route) => route.name === name)?.path ?? '/for-sellers';
          return (
            <Link key={name} href={language === 'ru' ? `${path}?language=ru` : path} aria-current={name === routeName ? 'page' : undefined}>
              {tabs.names[index]}
            </Link>
          );
        })}
      </nav>
      <h1>{page.title}</h1>
      <ContentBody page={page} />
    </main>
  );
}

/** The eight blog articles at their SPEC routes, each with links to the others. */
export function BlogArticlePage() {
  const article = blogArticle(useAppSelector(selectRouteName) ?? '');
  if (!article) return null;
  const others = BLOG_ARTICLES.filter((other) => other !== article);
  return (
    <main className="content-page content-page--article">
      <article>
        <p className="content-page__meta">
          {'Blog · '}
          <time dateTime={article.published}>{formatTermsDate(article.published)}</time>
        </p>
        <h1>{article.title}</h1>
        <ContentBody page={article} />
      </article>
      <aside className="blog-more" aria-labelledby="blog-more-heading">
        <h2 id="blog-more-heading">More from the blog</h2>
        <ul>
          {others.map((other) => (
            <li key={other.routeName}>
              <Link href={`/${other.routeName}`}>{other.title}</Link>
            </li>
          ))}
        </ul>
      </aside>
    </main>
  );
}
