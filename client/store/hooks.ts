import { useDispatch, useSelector } from 'react-redux';
import type { RootState } from '../../shared/store/rootReducer';
import type { AppDispatch } from '../../shared/store/makeStore';

export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
