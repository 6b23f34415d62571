import { useDispatch, useSelector, useStore } from 'react-redux';
import type { RootState } from '../../shared/store/rootReducer';
import type { AppDispatch, AppStore } from '../../shared/store/makeStore';

export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppStore = useStore.withTypes<AppStore>();
