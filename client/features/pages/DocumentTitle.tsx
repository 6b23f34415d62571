import { useEffect } from 'react';
import { selectLanguage } from '../../../shared/features/i18n/i18nSlice';
import { selectPageError, selectRouteName } from '../../../shared/features/navigation/navigationSlice';
import { isRouteName, ROUTES } from '../../../shared/routes/routeTable';
import { pageTitle } from '../../pageRegistry';
import { useAppSelector } from '../../store/hooks';

/** Keeps the tab's title in step with in-app navigation, with the same words the server rendered. */
export function DocumentTitle() {
  const routeName = useAppSelector(selectRouteName);
  const language = useAppSelector(selectLanguage);
  const error = useAppSelector(selectPageError);
  useEffect(() => {
    const routeTitle = ROUTES.find((route) => route.name === routeName)?.title ?? 'Beatcrate';
    document.title = error ? 'Opps!' : pageTitle(routeName && isRouteName(routeName) ? routeName : null, language, routeTitle);
  }, [routeName, language, error]);
  return null;
}
